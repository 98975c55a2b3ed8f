import { describe, expect, it } from "vitest";
import { legal } from "../../../worker/engine/musket/legal";
import { musket, scenarioOf, type MusketEvent, type MusketState } from "../../../worker/engine/musket";
import { replay } from "../../../worker/engine/replay";
import { terrainAt } from "../../../worker/engine/musket/board";
import { moveTargets } from "../../../worker/engine/musket/movement";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError, type RuleError } from "../../../worker/engine/ruleset";
import { selfPlay } from "../selfplay";

const load = (ref: string | Record<string, unknown>) => musket.setup(ref, {}, rngFromSeed("s"));
const shipped = (id: string) => load(id) as MusketState;

describe("§12 shipped scenarios", () => {
  it.each([
    ["pitched-battle", ["blue", "red"], 7, 9, 15, 12, 6],
    ["the-bridge", ["blue", "red"], 6, 6, 12, 10, 5],
    ["rearguard", ["red", "blue"], 8, 6, 10, 10, 5],
  ] as const)("§1.1 §12 %s: seats %j, %ix%i, %i turns, %i units, %i leaders", (id, seats, cols, rows, turns, units, leaders) => {
    expect(musket.seats(id, {})).toEqual(seats);
    const s = shipped(id);
    expect([s.map.cols, s.map.rows, s.turnLimit, s.units.length, s.leaders.length]).toEqual([cols, rows, turns, units, leaders]);
    expect([s.turn, s.step, s.activeUnit, musket.toAct(s)]).toEqual([1, "awaiting_activation", null, [seats[0]]]);
    expect(s.units.every((u) => u.sp === u.maxSp && !u.activated && u.mpUsed === 0 && !u.fired)).toBe(true);
  });

  it("§12.1 pitched-battle: terrain and deployment are a point reflection through the hill", () => {
    const s = shipped("pitched-battle");
    const mirror = ([q, r]: readonly number[]) => [6 - q!, 6 - r!] as [number, number];
    for (const t of s.map.terrain) expect(terrainAt(s.map, mirror(t.hex))).toBe(t.type);
    for (const u of s.units) {
      const twin = s.units.find((v) => v.hex[0] === mirror(u.hex)[0] && v.hex[1] === mirror(u.hex)[1]);
      expect(twin, u.id).toMatchObject({ type: u.type, side: 1 - u.side });
    }
  });

  it("§12.2 the-bridge: the river is a complete barrier but for the bridge and the ford; the town holds the elite line", () => {
    const s = shipped("the-bridge");
    // the dragoons alone on the board, with an allowance (negative MP spent) that reaches every hex
    const everywhere = (map: MusketState["map"]) => {
      const alone = { ...s, map, units: s.units.filter((u) => u.id === "b-drag").map((u) => ({ ...u, mpUsed: -40 })) };
      return moveTargets(alone, alone.units[0]!).map((m) => m.hex);
    };
    const north: [number, number] = [3, 0];
    expect(everywhere(s.map)).toContainEqual(north);
    const noCrossing = { ...s.map, terrain: s.map.terrain.map((t) => (t.type === "bridge" || t.type === "ford" ? { ...t, type: "river" as const } : t)) };
    expect(everywhere(noCrossing)).not.toContainEqual(north);
    const line = s.units.find((u) => u.id === "r-line")!;
    expect(line).toMatchObject({ sp: 5, maxSp: 5, elite: true });
    expect(terrainAt(s.map, line.hex)).toBe("town");
  });

  it("§12.3 rearguard: the road runs along offset row 2; b-light starts out of command", () => {
    const s = shipped("rearguard");
    for (let c = 0; c < 8; c++) expect(["road", "hilltop"]).toContain(terrainAt(s.map, [c, 2 - Math.floor(c / 2)]));
    const blue = { ...s, activePlayer: 0 as const };
    const light = legal(blue, "blue").choices.find((c) => c.action.type === "activate" && c.action.unit === "b-light");
    expect(light).toMatchObject({ commandChance: 0.5 });
  });
});

describe("§4 inline scenarios", () => {
  const written = () => scenarioOf(shipped("the-bridge"));

  it("§4 a scenario written from any position of a game loads back to the same state", () => {
    const game = selfPlay<MusketState>(musket, "the-bridge", {}, "positions", 600);
    const steps = replay<MusketState, MusketEvent>(musket, game.initial, game.turns).steps;
    let checked = 0;
    for (const [i, step] of steps.entries()) {
      if (i % 7 !== 0 || step.after.outcome) continue;
      expect(load(JSON.parse(JSON.stringify(scenarioOf(step.after))))).toEqual(step.after);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  const cases: [string, (s: Record<string, any>) => void, string, [number, number] | undefined][] = [
    ["an unknown field", (s) => (s.colour = "red"), "colour", undefined],
    ["a board too large", (s) => (s.map.cols = 31), "map.cols", undefined],
    ["an unknown terrain", (s) => (s.map.terrain[0].type = "swamp"), "map.terrain[0].type", undefined],
    ["terrain off the board", (s) => (s.map.terrain[0].hex = [9, 9]), "map.terrain[0].hex", [9, 9]],
    ["a unit off the board", (s) => (s.units[0].hex = [0, 6]), "units[0].hex", [0, 6]],
    ["a unit on terrain it cannot enter", (s) => (s.units[0].hex = [0, 3]), "units[0].hex", [0, 3]],
    ["cavalry in the town", (s) => (s.units[4].hex = [2, 0]), "units[4].hex", [2, 0]],
    ["two units on one hex", (s) => (s.units[1].hex = [1, 5]), "units[1].hex", [1, 5]],
    ["an unknown unit type", (s) => (s.units[0].type = "pikemen"), "units[0].type", undefined],
    ["a duplicate unit id", (s) => (s.units[1].id = "b-line-1"), "units[1].id", undefined],
    ["SP above maxSp", (s) => (s.units[0].maxSp = 3), "units[0].maxSp", [1, 5]],
    ["a leader without a host", (s) => (s.leaders[0].unit = "nobody"), "leaders[0].unit", undefined],
    ["a bad victory kind", (s) => (s.victory["0"][0].kind = "bribe"), "victory.0[0].kind", undefined],
    ["a victory hex off the board", (s) => (s.victory["0"][0].hexes = [[8, 8]]), "victory.0[0].hexes[0]", [8, 8]],
    ["a turn past the limit", (s) => (s.turn = 13), "turn", undefined],
    ["an action step without an active unit", (s) => (s.step = "action"), "activeUnit", undefined],
    ["activation state on an idle unit", (s) => (s.units[2].fired = true), "units[2]", [0, 4]],
  ];
  it.each(cases)("§4 %s is refused naming the field (and the hex)", (_, edit, field, hex) => {
    const s = written() as Record<string, any>;
    const copy = JSON.parse(JSON.stringify(s));
    edit(copy);
    const r = load(copy) as RuleError;
    expect(isRuleError(r)).toBe(true);
    expect(r.code).toBe("bad_scenario");
    expect(r.message).toContain(field);
    expect(r.details).toMatchObject(hex ? { field, hex } : { field });
  });

  it("§4 defaults: sp 4, elite false, maxSp = sp, turnLimit 15, no turnLimitWinner", () => {
    const s = load({ map: { cols: 3, rows: 3 }, units: [{ id: "a", side: 0, type: "horse", hex: [0, 0] }] }) as MusketState;
    expect(s.units[0]).toMatchObject({ sp: 4, maxSp: 4, elite: false });
    expect([s.turnLimit, s.turnLimitWinner, s.firstPlayer]).toEqual([15, null, 0]);
    expect(isRuleError(load("no-such"))).toBe(true);
  });
});
