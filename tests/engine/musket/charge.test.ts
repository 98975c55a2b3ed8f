import { describe, expect, it } from "vitest";
import { unitAnswer, type MusketState } from "../../../worker/engine/musket";
import { chargeChance } from "../../../worker/engine/musket/charge";
import { retreatHex } from "../../../worker/engine/musket/retreat";
import { activated, eventOf, floats, kinds, play, position, refused, unit, type UnitSpec } from "./helpers";

type Hex = [number, number];
/** The float that rolls `k` on a d6 (floor(6u) + 1). */
const die = (k: number) => (k - 0.5) / 6;

/** Attacker `a` at [0,1] charges defender `d` south of it at [0,2]; each side has a far-reaching leader on a bystander. */
function charge(aFields: Partial<UnitSpec> = {}, dFields: Partial<UnitSpec> = {}, extra: { terrain?: [Hex, string][]; units?: UnitSpec[]; leaders?: unknown[] } = {}) {
  const units: UnitSpec[] = [{ id: "a", hex: [0, 1], ...aFields }, { id: "d", side: 1, hex: [0, 2], ...dFields }, { id: "ba", hex: [7, -3] }, { id: "bd", side: 1, hex: [7, 0] }, ...(extra.units ?? [])];
  const leaders = extra.leaders ?? [{ id: "A", unit: "ba", radius: 12 }, { id: "D", unit: "bd", radius: 12 }];
  return activated(position({ units, leaders, terrain: extra.terrain ?? [] }), "a");
}

describe("§9.1 legal charge targets", () => {
  it("§9.1 a 1-MP unit charges adjacent enemies only; cavalry reach two hexes", () => {
    const base = (type: string) => activated(position({ units: [{ id: "a", type, hex: [0, 1] }, { id: "n", side: 1, hex: [1, 1] }, { id: "f", side: 1, hex: [0, 3] }] }), "a", 0);
    expect(unitAnswer(base("line_infantry"), "blue", "a").chargeTargets.map((c) => c.unit)).toEqual(["n"]);
    expect(unitAnswer(base("dragoons"), "blue", "a").chargeTargets.map((c) => c.unit)).toEqual(["f", "n"]);
    expect(refused(base("line_infantry"), { type: "charge", target: "f" }).details).toMatchObject({ reason: "unreachable" });
  });

  it.each([
    ["line_infantry", "horse", "cannot_charge"],
    ["line_infantry", "dragoons", "cannot_charge"],
    ["light_infantry", "line_infantry", "cannot_charge"],
    ["artillery", "line_infantry", "cannot_charge"],
    ["horse", "line_infantry", null],
    ["dragoons", "horse", null],
  ] as const)("§9.1 %s charging %s: %s", (attacker, defender, reason) => {
    const s = activated(position({ units: [{ id: "a", type: attacker, hex: [0, 1] }, { id: "d", side: 1, type: defender, hex: [0, 2] }] }), "a", 0);
    if (reason) expect(refused(s, { type: "charge", target: "d" }).details).toMatchObject({ reason });
    else expect(unitAnswer(s, "blue", "a").chargeTargets.map((c) => c.unit)).toEqual(["d"]);
  });

  it("§9.1 cavalry never charge into towns or woods; line infantry may charge into a town; anyone onto a hilltop", () => {
    const at = (type: string, terrain: string) => activated(position({ units: [{ id: "a", type, hex: [0, 1] }, { id: "d", side: 1, type: "light_infantry", hex: [0, 2] }], terrain: [[[0, 2], terrain]] }), "a", 0);
    expect(refused(at("horse", "town"), { type: "charge", target: "d" }).details).toMatchObject({ reason: "terrain" });
    expect(refused(at("dragoons", "woods"), { type: "charge", target: "d" }).details).toMatchObject({ reason: "terrain" });
    expect(unitAnswer(at("line_infantry", "town"), "blue", "a").chargeTargets).toHaveLength(1);
    expect(unitAnswer(at("horse", "hilltop"), "blue", "a").chargeTargets).toEqual([{ unit: "d", attackerBase: 4, defenderBase: 4 }]);
  });

  it("§9.1 the path of a charge follows movement: enemies and friends block the intermediate hex", () => {
    const s = activated(position({ units: [{ id: "a", type: "horse", hex: [0, 1] }, { id: "x", side: 1, hex: [0, 2] }, { id: "y", hex: [1, 1] }, { id: "d", side: 1, hex: [0, 3] }] }), "a", 0);
    // [0,3] is two away: its neighbours next to a are [0,2] (enemy) and [1,2]; [1,2] is reached via [1,1] (friend) or [0,2] (enemy) only
    expect(refused(s, { type: "charge", target: "d" }).details).toMatchObject({ reason: "unreachable" });
  });

  it("§9.1 no charge after firing or with no MP left", () => {
    const s = activated(position({ units: [{ id: "a", type: "dragoons", hex: [0, 1] }, { id: "d", side: 1, hex: [0, 2] }] }), "a", 0);
    const fired = play(s, { type: "fire", target: "d" }, floats(0.99)).state;
    expect(refused(fired, { type: "charge", target: "d" }).details).toMatchObject({ reason: "has_fired" });
    const moved = play(play(s, { type: "move", to: [1, 1] }).state, { type: "move", to: [1, 0] }).state;
    expect(refused(moved, { type: "charge", target: "d" }).details).toMatchObject({ reason: "unreachable" });
  });
});

describe("§9.2 charge resolution", () => {
  interface Row {
    name: string;
    a?: Partial<UnitSpec>;
    d?: Partial<UnitSpec>;
    terrain?: [Hex, string][];
    units?: UnitSpec[];
    dice: [number, number];
    outcome: string;
    delta: number;
    dSp: number | null;
    dHex: Hex | null;
    aSp: number;
    aHex: Hex;
  }
  const rows: Row[] = [
    { name: "delta 0: the attacker is repulsed and loses 1 SP", dice: [3, 3], outcome: "attacker_repulsed", delta: 0, dSp: 4, dHex: [0, 2], aSp: 3, aHex: [0, 1] },
    { name: "delta 1 in the open: 1 hit, the defender retreats, line infantry advances", dice: [4, 3], outcome: "defender_retreats", delta: 1, dSp: 3, dHex: [0, 3], aSp: 4, aHex: [0, 2] },
    { name: "delta 3: 2 hits and a retreat", dice: [6, 3], outcome: "defender_retreats", delta: 3, dSp: 2, dHex: [0, 3], aSp: 4, aHex: [0, 2] },
    { name: "delta 1 on a hilltop: the defender holds with 1 hit", terrain: [[[0, 2], "hilltop"]], dice: [5, 3], outcome: "defender_holds", delta: 1, dSp: 3, dHex: [0, 2], aSp: 4, aHex: [0, 1] },
    { name: "delta 3 on a hilltop ignores the hold", terrain: [[[0, 2], "hilltop"]], dice: [6, 2], outcome: "defender_retreats", delta: 3, dSp: 2, dHex: [0, 3], aSp: 4, aHex: [0, 2] },
    { name: "dragoons win and ride back to their origin", a: { type: "dragoons" }, dice: [4, 3], outcome: "defender_retreats", delta: 1, dSp: 3, dHex: [0, 3], aSp: 4, aHex: [0, 1] },
    { name: "horse add 1: dice 3 against 3 is delta 1", a: { type: "horse" }, dice: [3, 3], outcome: "defender_retreats", delta: 1, dSp: 3, dHex: [0, 3], aSp: 4, aHex: [0, 1] },
    { name: "a killing result eliminates, and cavalry advance", a: { type: "horse" }, d: { sp: 2 }, dice: [6, 1], outcome: "defender_eliminated", delta: 8, dSp: null, dHex: null, aSp: 4, aHex: [0, 2] },
    { name: "a cornered defender takes an extra hit and holds", units: [{ id: "block", side: 1, hex: [0, 3] }, { id: "b2", side: 1, hex: [1, 2] }, { id: "b3", side: 1, hex: [1, 1] }], dice: [4, 3], outcome: "defender_holds", delta: 1, dSp: 2, dHex: [0, 2], aSp: 4, aHex: [0, 1] },
  ];

  it.each(rows)("§9.2 $name", ({ a, d, terrain, units, dice, outcome, delta, dSp, dHex, aSp, aHex }) => {
    const s = charge(a, d, { terrain, units });
    // morale of the defender (if any) passes with 0
    const r = play(s, { type: "charge", target: "d" }, floats(die(dice[0]), die(dice[1]), 0, 0));
    const ev = eventOf(r.events, "charged");
    expect(ev).toMatchObject({ dA: dice[0], dD: dice[1], delta, outcome });
    expect(unit(r.state, "d")?.sp ?? null).toBe(dSp);
    expect(unit(r.state, "d")?.hex ?? null).toEqual(dHex);
    expect(unit(r.state, "a")).toMatchObject({ sp: aSp, hex: aHex, activated: true });
    expect(r.state.step).toBe("awaiting_activation");
    expect(r.events.at(-1)).toMatchObject({ kind: "activation_ended", reason: "charge" });
  });

  it("§9.2 steps 6-7: defender leader draw, then attacker leader draw only when repulsed, then morale from the attacker's hex after the advance", () => {
    const leaders = [{ id: "A", unit: "a", radius: 12 }, { id: "D", unit: "d", radius: 12 }];
    const won = play(charge({}, {}, { leaders }), { type: "charge", target: "d" }, floats(die(4), die(3), 0.5, 0.99));
    expect(kinds(won.events)).toEqual(["charged", "leader_casualty", "morale", "activation_ended"]);
    expect(eventOf(won.events, "leader_casualty").host).toBe("d");
    // failed: the defender at [0,3] is pushed away from the attacker now at [0,2]
    expect(eventOf(won.events, "morale")).toMatchObject({ passed: false, retreatTo: [0, 4] });
    expect(unit(won.state, "d")).toMatchObject({ sp: 2, hex: [0, 4] });
    const lost = play(charge({}, {}, { leaders }), { type: "charge", target: "d" }, floats(die(1), die(6), 0.5));
    expect(kinds(lost.events)).toEqual(["charged", "leader_casualty", "activation_ended"]);
    expect(eventOf(lost.events, "leader_casualty").host).toBe("a");
  });

  it("§9.2 step 1: a charge from a hilltop checks first; a failure ends the activation with nothing more drawn", () => {
    const s = charge({}, {}, { terrain: [[[0, 1], "hilltop"]] });
    const rng = floats(0.2);
    const r = play(s, { type: "charge", target: "d" }, rng);
    expect(rng.used).toBe(1);
    expect(kinds(r.events)).toEqual(["terrain_check", "activation_ended"]);
    expect(r.events[1]).toMatchObject({ reason: "terrain_check_failed" });
    expect(unit(r.state, "a")!.activated).toBe(true);
  });

  it("§9.2 the score subtracts 1 when the defender stands on a hilltop (legal shows the bases)", () => {
    const s = charge({ type: "horse", sp: 3 }, { sp: 5 }, { terrain: [[[0, 2], "hilltop"]] });
    expect(unitAnswer(s, "blue", "a").chargeTargets).toEqual([{ unit: "d", attackerBase: 3, defenderBase: 5 }]);
    const r = play(s, { type: "charge", target: "d" }, floats(die(2), die(2), 0));
    expect(eventOf(r.events, "charged")).toMatchObject({ attackerScore: 5, defenderScore: 7, delta: -2, difficult: true, chance: 6 / 36 });
  });
});

describe("§9.2 the chance of a charge (not repulsed: delta >= 1)", () => {
  it.each([
    [4, 4, 15 / 36],
    [5, 4, 21 / 36],
    [4, 5, 10 / 36],
    [10, 1, 1],
    [1, 10, 0],
  ])("§9.2 base %i against %i: %f", (a, d, chance) => {
    expect(chargeChance(a, d)).toBe(chance);
  });
});

describe("§9.6 retreat hex", () => {
  const around = (blocked: Hex[], source: Hex): Hex | null => {
    const units: UnitSpec[] = [{ id: "u", side: 1, hex: [3, 3] }, ...blocked.map((h, i) => ({ id: `b${i}`, hex: h }))];
    const s: MusketState = position({ units });
    return retreatHex(s, unit(s, "u")!, source);
  };
  it.each([
    ["straight away from a northern attacker", [], [3, 2], [3, 4]],
    ["the best hex taken: the tie goes to the lowest direction", [[3, 4]], [3, 2], [4, 3]],
    ["both of those taken: the next tie member", [[3, 4], [4, 3]], [3, 2], [2, 4]],
    ["away from fire two hexes off", [], [1, 3], [4, 3]],
    ["every neighbour taken: none", [[4, 3], [4, 2], [3, 2], [2, 3], [2, 4], [3, 4]], [3, 1], null],
  ] as [string, Hex[], Hex, Hex | null][])("§9.6 %s", (_, blocked, source, expected) => {
    expect(around(blocked, source)).toEqual(expected);
  });
});
