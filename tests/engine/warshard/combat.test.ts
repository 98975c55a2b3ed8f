import { describe, expect, it } from "vitest";
import { baseColumn, shiftColumn, warshard, type WarshardState } from "../../../worker/engine/warshard";
import { dice, play, position, refused, setup } from "./helpers";

const HQS = [
  { id: "bhq", side: "blue", type: "hq", hex: [3, 3] },
  { id: "rhq", side: "red", type: "hq", hex: [7, 1] },
];

/** Blue attacks red's unit at [5,2] from the listed hexes, in the attack phase. */
function fight(attackers: Record<string, unknown>[], defenders: Record<string, unknown>[], extra: Record<string, unknown> = {}): WarshardState {
  return position([...attackers, ...defenders, ...HQS], { start: { turn: 1, phase: "attack" }, ...extra });
}

function declare(state: WarshardState, ids: string[], target: [number, number] = [5, 2]): WarshardState {
  for (const unit of ids) state = play(state, "blue", { type: "attack", unit, target }).state;
  return state;
}

describe("§8.3 odds column (integer comparisons, rounding for the defender)", () => {
  it.each([
    [12, 2, "6-1"],
    [11, 2, "5-1"],
    [5, 1, "5-1"],
    [8, 2, "4-1"],
    [7, 2, "3-1"],
    [6, 3, "2-1"],
    [3, 2, "1-1"],
    [6, 4, "1-1"],
    [2, 4, "1-2"],
    [2, 3, "1-2"],
    [1, 3, "none"],
    [3, 0, "auto"],
  ])("§8.3 %i against %i is %s", (a, d, column) => {
    expect(baseColumn(a, d)).toBe(column);
  });
});

describe("§8.4 supply shifts", () => {
  it.each([
    ["2-1", true, false, "3-1"],
    ["2-1", false, true, "1-1"],
    ["2-1", true, true, "2-1"],
    ["6-1", true, false, "6-1"],
    ["1-2", false, true, "none"],
    ["none", true, false, "none"],
  ] as const)("§8.4 %s with defender out of supply %s, attacker out of supply %s is %s", (base, defOut, attOut, column) => {
    expect(shiftColumn(base, defOut, attOut)).toBe(column);
  });

  it("§8.4 a defender with no HQ on the map is out of supply: the boot_camp attack on [5,4] is 1-1 shifted to 2-1", () => {
    let s = setup("boot_camp");
    s = play(s, "germany", { type: "move", unit: "1", path: [[3, 4], [4, 4]] }).state;
    s = play(s, "germany", { type: "end_movement" }).state;
    s = play(s, "germany", { type: "attack", unit: "1", target: [5, 4] }).state;
    const r = play(s, "germany", { type: "end_attacks" }, dice(3));
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({
      attack: 6,
      defence: 4,
      baseColumn: "1-1",
      attackerOutOfSupply: false,
      defenderOutOfSupply: true,
      column: "2-1",
      die: 3,
      result: "dr",
    });
    // §8.6 the reference's example: [5,3] and [4,5] are in the ZoC of 1 or 2
    expect(r.state.pending).toEqual({ kind: "retreat", unit: "3", side: "germany", fight: [5, 4], options: [[6, 4], [6, 3], [5, 5]] });
    expect(warshard.toAct(r.state)).toEqual(["germany"]);
    expect(warshard.owed(r.state)).toBeNull();
  });
});

describe("§8.1 §8.5 §3.3 results", () => {
  it("§8.1 defence is the Defence of the hex's units times the terrain multiplier plus the defending supporters' Power", () => {
    let s = fight([{ id: "a", side: "blue", type: "armor", hex: [4, 2] }], [{ id: "d", side: "red", type: "infantry", hex: [5, 2] }, { id: "art", side: "red", type: "artillery", hex: [7, 2] }], {
      map: { cols: 10, rows: 10, hexes: [{ hex: [5, 2], type: "forest" }] },
    });
    s = declare(s, ["a"]);
    s = play(s, "blue", { type: "end_attacks" }).state;
    expect(s.phase).toBe("defense");
    expect(warshard.toAct(s)).toEqual(["red"]);
    expect(warshard.owed(s)).toMatchObject({ seat: "red", kind: "defensive_support" });
    s = play(s, "red", { type: "support", unit: "art", fight: [5, 2] }).state;
    const r = play(s, "red", { type: "end_support" }, dice(2));
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({ attack: 6, defence: 7, baseColumn: "1-2", column: "1-2", result: "S" });
  });

  it("§8.2 a hex of support units only, unsupported, is destroyed without a die", () => {
    let s = fight([{ id: "a", side: "blue", type: "infantry", hex: [4, 2] }], [{ id: "d", side: "red", type: "artillery", hex: [5, 2] }]);
    s = declare(s, ["a"]);
    // the red artillery stands in the attacked hex: it cannot support (7.3), so 2c is skipped
    const rng = dice();
    const r = play(s, "blue", { type: "end_attacks" }, rng);
    expect(rng.draws).toBe(0);
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({ defence: 0, column: "auto", die: null, result: "auto" });
    expect(r.events.find((e) => e.kind === "eliminated")).toMatchObject({ unit: "d", cause: "undefended" });
    expect(r.state.pending).toMatchObject({ kind: "advance", options: ["a"] });
  });

  it("§8.3 below 1-2 there is no combat and no die", () => {
    let s = fight([{ id: "a", side: "blue", type: "infantry", hex: [4, 2] }], [{ id: "d", side: "red", type: "armor", hex: [5, 2] }]);
    s = declare(s, ["a"]);
    const rng = dice();
    const r = play(s, "blue", { type: "end_attacks" }, rng);
    expect(rng.draws).toBe(0);
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({ attack: 1, defence: 3, column: "none", die: null, result: "none" });
  });

  it("§3.3 EX: the defender is eliminated and the attacker loses its lowest-Power unit, a draw among ties in canonical order", () => {
    let s = fight(
      [
        { id: "a", side: "blue", type: "armor", hex: [4, 2] },
        { id: "i1", side: "blue", type: "infantry", hex: [4, 3] },
        { id: "i2", side: "blue", type: "infantry", hex: [5, 3] },
      ],
      [{ id: "d", side: "red", type: "infantry", hex: [5, 2] }],
    );
    s = declare(s, ["i2", "a", "i1"]);
    const r = play(s, "blue", { type: "end_attacks" }, dice(5, 1));
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({ attack: 8, defence: 2, column: "4-1", die: 5, result: "EX" });
    expect(r.events.find((e) => e.kind === "ex_loss")).toEqual({ kind: "ex_loss", fight: [5, 2], tied: ["i1", "i2"], k: 2, pick: 1, unit: "i2" });
    const gone = r.events.filter((e) => e.kind === "eliminated").map((e) => (e as { unit: string }).unit);
    expect(gone).toEqual(["d", "i2"]);
    expect(r.state.shattered).toEqual({ blue: ["i2"], red: ["d"] });
  });

  it("§3.3 DE eliminates the defender and every defending supporter, however far", () => {
    let s = fight(
      [
        { id: "a1", side: "blue", type: "armor", hex: [4, 2] },
        { id: "a2", side: "blue", type: "armor", hex: [4, 3] },
        { id: "a3", side: "blue", type: "armor", hex: [5, 3] },
      ],
      [{ id: "d", side: "red", type: "infantry", hex: [5, 2] }, { id: "art", side: "red", type: "artillery", hex: [8, 0] }],
    );
    s = declare(s, ["a1", "a2", "a3"]);
    s = play(s, "blue", { type: "end_attacks" }).state;
    s = play(s, "red", { type: "support", unit: "art", fight: [5, 2] }).state;
    const r = play(s, "red", { type: "end_support" }, dice(1));
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({ attack: 18, defence: 5, column: "3-1", result: "DE" });
    expect(r.events.filter((e) => e.kind === "eliminated")).toEqual([
      { kind: "eliminated", unit: "d", side: "red", hex: [5, 2], cause: "DE" },
      { kind: "eliminated", unit: "art", side: "red", hex: [8, 0], cause: "DE" },
    ]);
  });

  it("§3.3 AE eliminates every attacking unit, supporters included", () => {
    let s = fight(
      [{ id: "i", side: "blue", type: "infantry", hex: [4, 2] }, { id: "art", side: "blue", type: "artillery", hex: [2, 3] }],
      [{ id: "d", side: "red", type: "armor", hex: [5, 2] }],
      { map: { cols: 10, rows: 10, hexes: [{ hex: [5, 2], type: "forest" }] } },
    );
    s = declare(s, ["i"]);
    s = play(s, "blue", { type: "end_attacks" }).state;
    expect(s.phase).toBe("support");
    s = play(s, "blue", { type: "support", unit: "art", fight: [5, 2] }).state;
    const r = play(s, "blue", { type: "end_support" }, dice(6));
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({ attack: 4, defence: 6, column: "1-2", result: "AE" });
    expect(r.events.filter((e) => e.kind === "eliminated").map((e) => (e as { unit: string }).unit)).toEqual(["i", "art"]);
  });

  it("§8.6 ar: the defender chooses where the attacking melee units retreat (an owed choice in the attacker's turn)", () => {
    let s = fight([{ id: "a", side: "blue", type: "infantry", hex: [4, 2] }], [{ id: "d", side: "red", type: "infantry", hex: [5, 2] }]);
    s = declare(s, ["a"]);
    const r = play(s, "blue", { type: "end_attacks" }, dice(4));
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({ column: "1-2", result: "ar" });
    expect(r.state.pending).toMatchObject({ kind: "retreat", unit: "a", side: "red" });
    expect(warshard.toAct(r.state)).toEqual(["red"]);
    expect(warshard.owed(r.state)).toMatchObject({ seat: "red", kind: "retreat" });
    expect(refused(r.state, "blue", { type: "end_movement" }).code).toBe("not_your_turn");
    expect(refused(r.state, "red", { type: "end_support" }).code).toBe("choice_pending");
    expect(refused(r.state, "red", { type: "retreat", unit: "a", to: [5, 1] }).code).toBe("illegal_choice");
    const to = r.state.pending!.kind === "retreat" ? r.state.pending!.options[0]! : [0, 0];
    const done = play(r.state, "red", { type: "retreat", unit: "a", to });
    expect(done.events[0]).toMatchObject({ kind: "retreated", unit: "a", chosenBy: "red" });
    expect(done.state.units.find((u) => u.id === "a")!.hex).toEqual(to);
  });

  it("§8.6 a unit with no legal retreat hex is eliminated in step 3; one with a single hex is moved by the engine", () => {
    // d at [5,2] is boxed in: blue units and their ZoC on every side but [6,1]
    let s = fight(
      [
        { id: "a", side: "blue", type: "armor", hex: [4, 2] },
        { id: "b", side: "blue", type: "armor", hex: [5, 3] },
        { id: "c", side: "blue", type: "infantry", hex: [6, 2] },
      ],
      [{ id: "d", side: "red", type: "infantry", hex: [5, 2] }],
    );
    s = declare(s, ["a", "b"]);
    let r = play(s, "blue", { type: "end_attacks" }, dice(4));
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({ result: "dr" });
    expect(r.events.find((e) => e.kind === "retreated")).toBeUndefined();
    expect(r.events.find((e) => e.kind === "retreat_blocked")).toMatchObject({ unit: "d" });
    expect(r.events.find((e) => e.kind === "eliminated")).toMatchObject({ unit: "d", cause: "no_retreat" });

    s = fight([{ id: "a", side: "blue", type: "armor", hex: [4, 3] }], [{ id: "d", side: "red", type: "infantry", hex: [5, 2] }], {
      map: { cols: 10, rows: 10, hexes: [{ hex: [6, 2], type: "water" }, { hex: [5, 3], type: "water" }, { hex: [6, 1], type: "impassable" }] },
    });
    s = declare(s, ["a"]);
    r = play(s, "blue", { type: "end_attacks" }, dice(4));
    expect(r.events.find((e) => e.kind === "retreated")).toMatchObject({ unit: "d", to: [5, 1], chosenBy: "engine" });
  });
});

describe("§8.5 step 3 and §17 stacks under attack", () => {
  it("§8.5 eliminations enter the shattered lists by Fight order, then fight-hex units, defending supporters, attackers", () => {
    let s = position(
      [
        { id: "a1", side: "blue", type: "armor", hex: [4, 2] },
        { id: "i1", side: "blue", type: "infantry", hex: [4, 3] },
        { id: "a2", side: "blue", type: "armor", hex: [2, 5] },
        { id: "a3", side: "blue", type: "armor", hex: [3, 5] },
        { id: "a4", side: "blue", type: "armor", hex: [4, 4] },
        { id: "d1", side: "red", type: "infantry", hex: [5, 2] },
        { id: "d2", side: "red", type: "infantry", hex: [3, 4] },
        { id: "art", side: "red", type: "artillery", hex: [5, 4] },
        ...HQS,
      ],
      { start: { turn: 1, phase: "attack" } },
    );
    s = play(s, "blue", { type: "attack", unit: "i1", target: [5, 2] }).state;
    s = play(s, "blue", { type: "attack", unit: "a1", target: [5, 2] }).state;
    for (const unit of ["a2", "a3", "a4"]) s = play(s, "blue", { type: "attack", unit, target: [3, 4] }).state;
    s = play(s, "blue", { type: "end_attacks" }).state;
    s = play(s, "red", { type: "support", unit: "art", fight: [3, 4] }).state;
    // Fight 1 [5,2]: 7 vs 2, 3-1, die 6: EX (i1 is the weakest attacker); Fight 2 [3,4]: 18 vs 5, 3-1, die 1: DE
    const r = play(s, "red", { type: "end_support" }, dice(6, 1));
    expect(r.events.filter((e) => e.kind === "eliminated").map((e) => (e as { unit: string }).unit)).toEqual(["d1", "i1", "d2", "art"]);
    expect(r.state.shattered).toEqual({ blue: ["i1"], red: ["d1", "d2", "art"] });
  });

  it("§5.3 §17 every unit of an unsorted stack defends and shares the result", () => {
    const s = fight([{ id: "a", side: "blue", type: "armor", hex: [4, 2] }, { id: "b", side: "blue", type: "armor", hex: [4, 3] }], [
      { id: "d", side: "red", type: "infantry", hex: [5, 2] },
      { id: "e", side: "red", type: "infantry", hex: [8, 2] },
    ]);
    const stacked: WarshardState = JSON.parse(JSON.stringify(s));
    stacked.units.find((u) => u.id === "e")!.hex = [5, 2];
    let t = declare(stacked, ["a", "b"]);
    const r = play(t, "blue", { type: "end_attacks" }, dice(1));
    expect(r.events.find((e) => e.kind === "fight_resolved")).toMatchObject({ defenders: ["d", "e"], attack: 12, defence: 4, column: "3-1", result: "DE" });
    expect(r.state.shattered.red).toEqual(["d", "e"]);
    t = r.state;
    expect(t.units.filter((u) => u.side === "red" && u.status === "map").map((u) => u.id)).toEqual(["rhq"]);
  });
});
