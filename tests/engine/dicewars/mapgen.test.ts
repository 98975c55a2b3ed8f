import { describe, expect, it } from "vitest";
import { dicewars } from "../../../worker/engine/dicewars";
import { reachable } from "../../../worker/engine/dicewars/board";
import { generateBlocked } from "../../../worker/engine/dicewars/mapgen";
import { SCENARIOS, findScenario, startCells, startOffset } from "../../../worker/engine/dicewars/scenarios";
import { type DiceWarsState, EMPTY, cellIndex } from "../../../worker/engine/dicewars/state";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";
import { constantRng, scriptedRng , parsed } from "./helpers";

function setup(scenario: string, seed: string, options = {}): DiceWarsState {
  const s = dicewars.setup(scenario, parsed(options), rngFromSeed(seed));
  if (isRuleError(s)) throw new Error(s.message);
  return s;
}

describe("dicewars scenarios and start positions (rules 3)", () => {
  it("pins the seed's start table", () => {
    const table = Object.fromEntries(SCENARIOS.map((s) => [s.id, [s.offset, s.starts.p1, s.starts.p2, s.starts.p3, s.starts.p4]]));
    expect(table).toEqual({
      "10x10": [1, [1, 1], [8, 8], [1, 8], [8, 1]],
      "15x15": [1, [1, 1], [13, 13], [1, 13], [13, 1]],
      "20x20": [2, [2, 2], [17, 17], [2, 17], [17, 2]],
      "25x25": [2, [2, 2], [22, 22], [2, 22], [22, 2]],
    });
  });

  it("agrees with the seed's formula offset = max(1, floor(N / 10))", () => {
    for (const s of SCENARIOS) {
      const o = startOffset(s.size);
      const n = s.size - 1 - o;
      expect(s.offset).toBe(o);
      expect(s.starts).toEqual({ p1: [o, o], p2: [n, n], p3: [o, n], p4: [n, o] });
    }
  });

  it.each([2, 3, 4])("with %i players, p1..pk take part, one start cell of strength 8 each", (players) => {
    for (const scenario of SCENARIOS) {
      expect(dicewars.seats(scenario.id, parsed({ players }))).toEqual(["p1", "p2", "p3", "p4"].slice(0, players));
      const s = setup(scenario.id, "starts", { players });
      expect(s.size).toBe(scenario.size);
      expect(s.players.map((p) => p.seat)).toEqual(["p1", "p2", "p3", "p4"].slice(0, players));
      const owned = s.owner.flatMap((o, i) => (o === EMPTY ? [] : [[o, i, s.strength[i]]]));
      expect(owned).toEqual(
        startCells(scenario, players)
          .map((cell, player) => [player, cellIndex(scenario.size, cell), 8])
          .sort((a, b) => a[1]! - b[1]!),
      );
      expect(s.strength.filter((x) => x > 0).length).toBe(players);
      expect(s).toMatchObject({ current: 0, round: 1, moves: 0, phase: "play", outcome: null });
    }
  });

  it("defaults to 4 players and refuses unknown scenarios and options", () => {
    expect(dicewars.seats("20x20", parsed({}))).toEqual(["p1", "p2", "p3", "p4"]);
    for (const bad of [
      dicewars.seats("30x30", parsed({})),
      dicewars.parseOptions({ players: 5 }),
      dicewars.parseOptions({ players: 1 }),
      dicewars.parseOptions({ colour: "red" }),
      dicewars.setup("nope", parsed({}), rngFromSeed(1)),
    ]) {
      expect(isRuleError(bad)).toBe(true);
    }
    expect(findScenario("15x15")?.size).toBe(15);
  });
});

describe("dicewars map generation (rules 4)", () => {
  it("is a function of the seed: same seed same map, other seeds other maps", () => {
    for (const scenario of ["10x10", "25x25"]) {
      expect(setup(scenario, "map-a")).toEqual(setup(scenario, "map-a"));
      expect(setup(scenario, "map-a").blocked).not.toEqual(setup(scenario, "map-b").blocked);
    }
  });

  it("blocks about 15% of cells, never a start, and leaves one connected region", () => {
    for (const scenario of SCENARIOS) {
      let blocked = 0;
      const games = 20;
      for (let g = 0; g < games; g++) {
        const s = setup(scenario.id, `region-${g}`);
        blocked += s.blocked.filter(Boolean).length;
        const starts = startCells(scenario, 4).map((c) => cellIndex(s.size, c));
        for (const i of starts) expect(s.blocked[i]).toBe(false);
        const seen = reachable(s.size, starts[0]!, (i) => !s.blocked[i]);
        s.blocked.forEach((b, i) => expect(!b).toBe(seen[i] === 1));
        s.blocked.forEach((b, i) => b && expect(s.owner[i]).toBe(EMPTY));
      }
      const share = blocked / (games * scenario.size * scenario.size);
      expect(share).toBeGreaterThan(0.12);
      expect(share).toBeLessThan(0.25);
    }
  });

  // 3 x 3 boards; cell index q * 3 + r: 0 [0,0] 1 [0,1] 2 [0,2] 3 [1,0] 4 [1,1] 5 [1,2] 6 [2,0] 7 [2,1] 8 [2,2]
  it("draws one float per cell, in cell order: the cell is blocked iff u < 0.15", () => {
    const u = [0.5, 0.5, 0.5, 0.1, 0.14, 0.5, 0.5, 0.5, 0.5];
    const rng = scriptedRng([], u);
    const blocked = generateBlocked(3, [[0, 0], [2, 2]], rng);
    expect(rng.draws).toBe(9);
    expect(blocked).toEqual([false, false, false, true, true, false, false, false, false]);
    const edge = u.map((x) => (x === 0.14 ? 0.15 : x));
    expect(generateBlocked(3, [[0, 0], [2, 2]], scriptedRng([], edge))).toEqual([
      false, false, false, true, false, false, false, false, false,
    ]);
  });

  it("forces starts open and redraws from the same stream while the starts are cut off", () => {
    // attempt 1 blocks the whole column q = 1, cutting [0,0] from [2,2]; attempt 2 draws
    // u = 0 for the start [0,0] (forced open) and blocks [1,0] [1,1] only
    const cut = [0.5, 0.5, 0.5, 0.1, 0.1, 0.1, 0.5, 0.5, 0.5];
    const fine = [0.0, 0.5, 0.5, 0.1, 0.1, 0.5, 0.5, 0.5, 0.5];
    const rng = scriptedRng([], [...cut, ...fine]);
    expect(generateBlocked(3, [[0, 0], [2, 2]], rng)).toEqual([false, false, false, true, true, false, false, false, false]);
    expect(rng.draws).toBe(18);
  });

  it("blocks open cells that cannot be reached from the starts", () => {
    // [1,0] [1,1] [2,1] blocked wall in [2,0]; [2,2] still touches [1,2]
    const island = [0.5, 0.5, 0.5, 0.1, 0.1, 0.5, 0.5, 0.1, 0.5];
    expect(generateBlocked(3, [[0, 0], [1, 2]], scriptedRng([], island))).toEqual([
      false, false, false, true, true, false, true, true, false,
    ]);
  });

  it("falls back to an open map after 100 failed attempts", () => {
    const rng = constantRng(0); // every cell blocked: the starts never connect
    const blocked = generateBlocked(10, [[1, 1], [8, 8]], rng);
    expect(rng.draws).toBe(100 * 100);
    expect(blocked.every((b) => !b)).toBe(true);
  });
});
