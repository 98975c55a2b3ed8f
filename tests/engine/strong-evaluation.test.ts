/**
 * The strong computer's fitted evaluations (worker/engine/strong/musket.ts, skirmish.ts, warshard.ts): a
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
