/**
 * The strong computer's fitted evaluations (worker/engine/strong/musket.ts, skirmish.ts, warshard.ts, moscow.ts, dicewars.ts): a
 * chance to win, so the two seats' values of a position add up to 1, and a side that loses
 * strength (musket.md 9.5 elimination; skirmish.md 12.1 wounds) is worth less to itself.
 */
import { describe, expect, it } from "vitest";
import { botPlay, playOut, seededRngs, setupOrThrow } from "../../worker/engine/bot-play";
import { rulesets } from "../../worker/engine/registry";
import type { MusketState } from "../../worker/engine/musket";
import type { SkirmishState } from "../../worker/engine/skirmish/state";
import { evaluateMusket } from "../../worker/engine/strong/musket";
import { evaluateSkirmish } from "../../worker/engine/strong/skirmish";
import { evaluateWarshard } from "../../worker/engine/strong/warshard";
import type { WarshardState } from "../../worker/engine/warshard/state";
import type { DiceWarsState } from "../../worker/engine/dicewars";
import { evaluateDiceWars } from "../../worker/engine/strong/dicewars";
import { neighbourTable } from "../../worker/engine/dicewars/board";
import { landClaims, racing } from "../../worker/engine/strong/dicewars-features";
import type { MoscowState } from "../../worker/engine/moscow/state";
import { hexDistance, indexOf, MOSCOW, UNIT_DEFS } from "../../worker/engine/moscow/data";
import { evaluateMoscow } from "../../worker/engine/strong/moscow";

describe("the musket game's fitted evaluation", () => {
  for (const scenario of ["the-bridge", "rearguard", "pitched-battle"]) {
    it(`${scenario}: Blue's and Red's values add up to 1, and losing a unit (9.5) lowers its side's`, () => {
      const state = setupOrThrow<MusketState>(rulesets.get("musket")!, scenario, {}, "evaluation");
      const blue = evaluateMusket(state, "blue");
      expect(blue).toBeGreaterThan(0);
      expect(blue).toBeLessThan(1);
      expect(blue + evaluateMusket(state, "red")).toBeCloseTo(1, 12);
      const lost = structuredClone(state);
      const victim = lost.units.find((u) => u.side === 0)!;
      lost.units = lost.units.filter((u) => u !== victim);
      lost.eliminated.push({ id: victim.id, side: victim.side, type: victim.type, hex: victim.hex, sp: 0, maxSp: victim.maxSp, elite: victim.elite });
      expect(evaluateMusket(lost, "blue")).toBeLessThan(blue);
      expect(evaluateMusket(lost, "red")).toBeGreaterThan(1 - blue);
    });
  }
});

describe("the skirmish's fitted evaluation", () => {
  for (const scenario of ["small-clash", "small-elimination"]) {
    it(`${scenario}: the two sides' values add up to 1 after deployment, and a wound (12.1) lowers its side's`, () => {
      const ruleset = rulesets.get("skirmish")!;
      const start = setupOrThrow<SkirmishState>(ruleset, scenario, {}, "evaluation");
      const state = playOut(botPlay(ruleset, start, seededRngs("evaluation"), { keepOn: (s) => s.phase === "deployment" })).state;
      expect(state.phase).toBe("turn");
      const attacker = evaluateSkirmish(state, "attacker");
      expect(attacker).toBeGreaterThan(0);
      expect(attacker).toBeLessThan(1);
      expect(attacker + evaluateSkirmish(state, "defender")).toBeCloseTo(1, 12);
      const wounded = structuredClone(state);
      wounded.models.find((m) => m.side === 0)!.wounds += 1;
      expect(evaluateSkirmish(wounded, "attacker")).toBeLessThan(attacker);
    });
  }
});

describe("WarShard's fitted evaluation", () => {
  it("boot_camp: Germany's and the USA's values add up to 1, losing the German armor (8.5 step 3) lowers Germany's, and an HQ an enemy can reach is worth less (8.2)", () => {
    const state = setupOrThrow<WarshardState>(rulesets.get("warshard")!, "boot_camp", {}, "evaluation");
    const germany = evaluateWarshard(state, "germany");
    expect(germany).toBeGreaterThan(0);
    expect(germany).toBeLessThan(1);
    expect(germany + evaluateWarshard(state, "usa")).toBeCloseTo(1, 12);
    const lost = structuredClone(state);
    const armor = lost.units.find((u) => u.side === "germany" && u.type === "armor")!;
    armor.status = "shattered";
    armor.hex = null;
    expect(evaluateWarshard(lost, "germany")).toBeLessThan(germany);
    // the US infantry next to the German HQ "Model" once Germany's movement is over: nothing can save it
    const besieged = structuredClone(state);
    besieged.phase = "attack";
    besieged.units.find((u) => u.side === "usa" && u.type === "infantry")!.hex = [4, 4];
    const calm = structuredClone(besieged);
    calm.units.find((u) => u.side === "usa" && u.type === "infantry")!.hex = [9, 4];
    expect(evaluateWarshard(besieged, "germany")).toBeLessThan(evaluateWarshard(calm, "germany"));
  });
});

describe("DiceWars' fitted evaluation", () => {
  const ruleset = rulesets.get("dicewars")!;
  const touching = (s: DiceWarsState) => {
    const table = neighbourTable(s.size);
    return s.owner.some((o, i) => o === 0 && [0, 1, 2, 3, 4, 5].some((d) => s.owner[table[i * 6 + d]!] === 1));
  };
  const playUntil = (board: string, done: (s: DiceWarsState) => boolean) =>
    playOut(botPlay(ruleset, setupOrThrow<DiceWarsState>(ruleset, board, { players: 2 }, "evaluation"), seededRngs("evaluation"), { keepOn: (s) => !done(s) })).state;
  const captured = (state: DiceWarsState) => {
    const lost = structuredClone(state);
    lost.owner[lost.owner.findIndex((o, i) => o === 0 && lost.strength[i]! >= 2)] = 1;
    return lost;
  };

  it.each(["20x20", "25x25"])("%s, two players, in the land race: p1's and p2's values add up to 1, and a cell lost to an attack (6.2) lowers its side's", (board) => {
    const state = playUntil(board, touching);
    expect(racing(state)).toBe(true);
    const p1 = evaluateDiceWars(state, "p1");
    expect(p1).toBeGreaterThan(0);
    expect(p1).toBeLessThan(1);
    expect(p1 + evaluateDiceWars(state, "p2")).toBeCloseTo(1, 12);
    expect(evaluateDiceWars(captured(state), "p1")).toBeLessThan(p1);
    expect(evaluateDiceWars(captured(state), "p2")).toBeGreaterThan(1 - p1);
  });

  it.each(["20x20", "25x25"])("%s, two players, once no empty land is left: the values add up to 1, and a cell lost or dice lost lower its side's", (board) => {
    const state = playUntil(board, (s) => !racing(s));
    expect(state.phase).toBe("play");
    const p1 = evaluateDiceWars(state, "p1");
    expect(p1 + evaluateDiceWars(state, "p2")).toBeCloseTo(1, 12);
    expect(evaluateDiceWars(captured(state), "p1")).toBeLessThan(p1);
    const drained = structuredClone(state);
    drained.strength = drained.strength.map((s, i) => (drained.owner[i] === 0 ? 1 : s));
    expect(evaluateDiceWars(drained, "p1")).toBeLessThan(p1);
  });

  it("10x10, four players: the empty land is shared out among the players nearest to it (6.1), and a player who loses the race's land is worth less", () => {
    const four = setupOrThrow<DiceWarsState>(ruleset, "10x10", { players: 4 }, "evaluation");
    const claimed = landClaims(four);
    const emptyLand = four.owner.filter((o, i) => o === -1 && !four.blocked[i]).length;
    expect(claimed.reduce((a, b) => a + b, 0)).toBeCloseTo(emptyLand, 9);
    for (const c of claimed) expect(c).toBeGreaterThan(0);
    // p2 walls p1's start in: the land behind the wall is nearer p2 now
    const walled = structuredClone(four);
    const p1Start = walled.owner.indexOf(0);
    const nearTable = neighbourTable(walled.size);
    for (let d = 0; d < 6; d++) {
      const n = nearTable[p1Start * 6 + d]!;
      if (n >= 0 && !walled.blocked[n]) {
        walled.owner[n] = 1;
        walled.strength[n] = 1;
      }
    }
    expect(landClaims(walled)[0]).toBeLessThan(claimed[0]!);
    expect(evaluateDiceWars(walled, "p1")).toBeLessThan(evaluateDiceWars(four, "p1"));
  });
});

describe("Battle for Moscow's fitted evaluation", () => {
  for (const scenario of ["quickstart", "standard"]) {
    it(`${scenario}: the German's and the Soviet's values add up to 1 with either to move, and a unit eliminated lowers its side's`, () => {
      const ruleset = rulesets.get("moscow")!;
      const start = setupOrThrow<MoscowState>(ruleset, scenario, {}, "evaluation");
      // turn 5, when the German front has come near Moscow (moscow.md "Sequence")
      const germanToMove = playOut(botPlay(ruleset, start, seededRngs("evaluation"), { keepOn: (s) => s.turn < 5 })).state;
      const sovietToMove = playOut(botPlay(ruleset, germanToMove, seededRngs("evaluation"), { keepOn: (s) => s.phase !== "soviet_replacement" })).state;
      expect(germanToMove.phase).toBe("german_replacement");
      for (const state of [germanToMove, sovietToMove]) {
        const german = evaluateMoscow(state, "german");
        expect(german).toBeGreaterThan(0);
        expect(german).toBeLessThan(1);
        expect(german + evaluateMoscow(state, "soviet")).toBeCloseTo(1, 12);
        // a unit eliminated (moscow.md "Units"), each side's nearest Moscow
        for (const side of ["soviet", "german"] as const) {
          const nearest = state.units
            .map((u, k) => ({ u, k, d: u.position ? hexDistance(indexOf(u.position), MOSCOW) : 99 }))
            .filter(({ k, d }) => UNIT_DEFS[k]!.side === side && d < 99)
            .sort((a, b) => a.d - b.d)[0]!;
          const lost = structuredClone(state);
          lost.units[nearest.k] = { ...nearest.u, position: null, strength: "eliminated" };
          expect(evaluateMoscow(lost, side)).toBeLessThan(evaluateMoscow(state, side));
        }
      }
    });
  }
});
