import { describe, expect, it } from "vitest";
import { warshard, type WarshardState } from "../../../worker/engine/warshard";
import { dice, play, position, refused } from "./helpers";

const units = [
  { id: "a", side: "blue", type: "armor", hex: [4, 2] },
  { id: "i", side: "blue", type: "infantry", hex: [1, 1] },
  { id: "art", side: "blue", type: "artillery", hex: [2, 3] },
  { id: "hq", side: "blue", type: "hq", hex: [4, 3] },
  { id: "d", side: "red", type: "infantry", hex: [5, 2] },
  { id: "rart", side: "red", type: "artillery", hex: [7, 2] },
  { id: "far", side: "red", type: "artillery", hex: [9, -2] },
  { id: "rhq", side: "red", type: "hq", hex: [8, 1] },
];
const attackPhase = () => position(units, { start: { turn: 1, phase: "attack" } });

describe("§7.1 attacks", () => {
  it.each([
    ["art", [5, 2], "not_melee"],
    ["hq", [5, 2], "not_melee"],
    ["i", [5, 2], "not_adjacent"],
    ["a", [5, 1], "empty_hex"],
    ["a", [4, 3], "friendly_hex"],
  ])("§7.1 §14 %s attacking %j is refused: %s", (unit, target, reason) => {
    const e = refused(attackPhase(), "blue", { type: "attack", unit, target });
    expect(e.code).toBe("illegal_target");
    expect(e.details).toMatchObject({ unit, reason, hex: target });
  });

  it("§7.1 a unit is allocated once; the first attack on a hex creates the Fight, later ones join it", () => {
    let s = attackPhase();
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    expect(s.fights).toEqual([{ hex: [5, 2], attackers: ["a"], attackSupport: [], defenceSupport: [] }]);
    expect(refused(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).details).toMatchObject({ reason: "allocated" });
  });

  it("§14 unknown or enemy units are refused with their own codes", () => {
    expect(refused(attackPhase(), "blue", { type: "attack", unit: "zz", target: [5, 2] }).code).toBe("unknown_unit");
    expect(refused(attackPhase(), "blue", { type: "attack", unit: "d", target: [4, 2] }).code).toBe("not_your_unit");
  });
});

describe("§7.2 §7.3 support by the attacker, then the defender", () => {
  const declared = (): WarshardState => {
    let s = attackPhase();
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    return play(s, "blue", { type: "end_attacks" }).state;
  };

  it("§7.2 attacker support needs a Fight within Range", () => {
    const s = declared();
    expect(s.phase).toBe("support");
    expect(refused(s, "blue", { type: "support", unit: "art", fight: [5, 1] }).details).toMatchObject({ reason: "no_fight" });
    expect(refused(s, "blue", { type: "support", unit: "hq", fight: [5, 2] }).details).toMatchObject({ reason: "not_support" });
    expect(refused(s, "blue", { type: "support", unit: "a", fight: [5, 2] }).details).toMatchObject({ reason: "not_support" });
    const r = play(s, "blue", { type: "support", unit: "art", fight: [5, 2] });
    expect(r.events).toEqual([{ kind: "support_declared", unit: "art", side: "blue", fight: [5, 2], role: "attack" }]);
  });

  it("§7.3 then the defender allocates: toAct switches to it, out-of-range units are refused, legal shows the odds", () => {
    let s = declared();
    s = play(s, "blue", { type: "end_support" }).state;
    expect(s.phase).toBe("defense");
    expect(warshard.toAct(s)).toEqual(["red"]);
    expect(refused(s, "blue", { type: "end_support" }).code).toBe("not_your_turn");
    expect(refused(s, "red", { type: "support", unit: "far", fight: [5, 2] }).details).toMatchObject({ reason: "out_of_range" });
    const choices = warshard.legal(s, "red").choices;
    expect(choices.map((c) => c.action)).toEqual([{ type: "support", unit: "rart", fight: [5, 2] }, { type: "end_support" }]);
    expect(choices[0]!.label).toContain("6 vs 5: 1-1");
  });

  it("§7.3 a unit standing in an attacked hex cannot support", () => {
    let s = position(
      [
        { id: "a", side: "blue", type: "armor", hex: [4, 2] },
        { id: "d", side: "red", type: "artillery", hex: [5, 2] },
        { id: "e", side: "red", type: "artillery", hex: [7, 2] },
      ],
      { start: { turn: 1, phase: "attack" } },
    );
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    s = play(s, "blue", { type: "end_attacks" }).state;
    expect(refused(s, "red", { type: "support", unit: "d", fight: [5, 2] }).details).toMatchObject({ reason: "in_attacked_hex" });
  });
});

describe("§6 the turn sequence", () => {
  it("§6 phase 0 clears allocations of both sides and gives the new active side full mobility", () => {
    let s = attackPhase();
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    s = play(s, "blue", { type: "end_attacks" }).state;
    s = play(s, "blue", { type: "end_support" }).state;
    s = play(s, "red", { type: "support", unit: "rart", fight: [5, 2] }).state;
    const r = play(s, "red", { type: "end_support" }, dice(3));
    // 6 vs 5 at 1-1, die 3: S; no advance, no replacements, so red's player-turn starts at once
    expect(r.state.turn).toBe(2);
    expect(r.state.activeSide).toBe("red");
    expect(r.state.phase).toBe("movement");
    expect(r.state.units.every((u) => !u.allocated)).toBe(true);
    expect(r.state.units.find((u) => u.id === "d")!.mobilityLeft).toBe(4);
    expect(r.state.units.find((u) => u.id === "a")!.mobilityLeft).toBe(0);
    expect(r.events.at(-1)).toEqual({ kind: "player_turn_started", turn: 2, side: "red" });
  });

  it("§6 allocation phases with nothing to do are skipped and reported; the movement phase never is", () => {
    const s = position([{ id: "a", side: "blue", type: "armor", hex: [1, 1] }, { id: "d", side: "red", type: "infantry", hex: [8, 0] }]);
    const r = play(s, "blue", { type: "end_movement" });
    expect(r.events.filter((e) => e.kind === "phase_skipped").map((e) => (e as { phase: string }).phase)).toEqual(["attack", "support", "defense"]);
    expect(r.state.phase).toBe("movement");
    expect(r.state.activeSide).toBe("red");
  });

  it.each([
    ["move", { type: "move", unit: "a", path: [[4, 1]] }],
    ["end_movement", { type: "end_movement" }],
    ["end_support", { type: "end_support" }],
    ["retreat", { type: "retreat", unit: "a", to: [4, 1] }],
  ])("§6 §14 %s in the attack phase is wrong_phase and draws nothing", (_name, action) => {
    expect(refused(attackPhase(), "blue", action).code).toBe("wrong_phase");
  });

  it.each([null, 3, {}, { type: "fly" }, { type: "move", unit: 5, path: [[1, 1]] }, { type: "move", unit: "a", path: [] }, { type: "attack", unit: "a", target: [1] }])(
    "§14 malformed action %j is bad_action",
    (action) => {
      expect(refused(attackPhase(), "blue", action).code).toBe("bad_action");
    },
  );
});

describe("§11 draws happen inside the action that ends the last allocation phase played", () => {
  it.each([
    ["end_attacks when 2b and 2c are skipped", false, false, "blue"],
    ["the attacker's end_support when 2c is skipped", true, false, "blue"],
    ["the defender's end_support otherwise", true, true, "red"],
  ])("§11 %s", (_name, attackSupport, defenceSupport, closer) => {
    const list = [
      { id: "a", side: "blue", type: "armor", hex: [4, 2] },
      { id: "d", side: "red", type: "infantry", hex: [5, 2] },
      ...(attackSupport ? [{ id: "art", side: "blue", type: "artillery", hex: [2, 3] }] : []),
      ...(defenceSupport ? [{ id: "rart", side: "red", type: "artillery", hex: [7, 2] }] : []),
    ];
    let s = position(list, { start: { turn: 1, phase: "attack" } });
    s = play(s, "blue", { type: "attack", unit: "a", target: [5, 2] }).state;
    const steps: [string, unknown][] = [["blue", { type: "end_attacks" }]];
    if (attackSupport) steps.push(["blue", { type: "end_support" }]);
    if (defenceSupport) steps.push(["red", { type: "end_support" }]);
    steps.forEach(([seat, action], n) => {
      const rng = dice(2);
      s = play(s, seat, action, rng).state;
      expect(rng.draws).toBe(n === steps.length - 1 ? 1 : 0);
      if (n === steps.length - 1) expect(seat).toBe(closer);
    });
  });
});
