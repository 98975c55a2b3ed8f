import { describe, expect, it } from "vitest";
import { musket, unitAnswer, unitOptions } from "../../../worker/engine/musket";
import { activated, floats, play, position, refused, type UnitSpec } from "./helpers";

const units: UnitSpec[] = [
  { id: "b-line", hex: [0, 1] },
  { id: "b-drag", type: "dragoons", hex: [2, 1] },
  { id: "r-art", side: 1, type: "artillery", hex: [0, 3] },
  { id: "r-light", side: 1, type: "light_infantry", hex: [2, 3] },
];
const leaders = [{ id: "b-L", unit: "b-line", radius: 2 }, { id: "r-L", unit: "r-art", radius: 1 }];
const start = () => position({ units, leaders, eliminated: [{ id: "b-gone", side: 0, type: "horse", hex: [5, 0] }] });

describe("§14 error codes", () => {
  it.each([
    ["not an object", "move", "blue", "bad_action"],
    ["an unknown type", { type: "dance" }, "blue", "bad_action"],
    ["activate without a unit", { type: "activate" }, "blue", "bad_action"],
    ["move to a malformed hex", { type: "move", to: [1.5, 2] }, "blue", "bad_action"],
    ["a seat not to act", { type: "end_turn" }, "red", "not_your_turn"],
    ["a seat that does not exist", { type: "end_turn" }, "green", "not_your_turn"],
    ["move with no active unit", { type: "move", to: [0, 2] }, "blue", "wrong_phase"],
    ["end_activation with no active unit", { type: "end_activation" }, "blue", "wrong_phase"],
    ["an unknown unit", { type: "activate", unit: "nobody" }, "blue", "unknown_unit"],
    ["the opponent's unit", { type: "activate", unit: "r-art" }, "blue", "illegal_activation"],
    ["an eliminated unit", { type: "activate", unit: "b-gone" }, "blue", "illegal_activation"],
  ] as const)("§14 %s: %s", (_, action, seat, code) => {
    const r = refused(start(), action, seat);
    expect(r.code).toBe(code);
    expect(r.message.length).toBeGreaterThan(10);
  });

  it("§14 activate or end_turn while a unit is active: wrong_phase; an activated unit: illegal_activation", () => {
    const s = activated(start(), "b-line");
    expect(refused(s, { type: "activate", unit: "b-drag" }).code).toBe("wrong_phase");
    expect(refused(s, { type: "end_turn" }).code).toBe("wrong_phase");
    const done = play(s, { type: "end_activation" }).state;
    expect(refused(done, { type: "activate", unit: "b-line" }).details).toMatchObject({ reason: "already_activated" });
  });
});

describe("§11 random draws, in order", () => {
  it("§11 end_activation and end_turn never draw; activate in command draws nothing", () => {
    const rng = floats();
    let s = play(start(), { type: "activate", unit: "b-line" }, rng).state;
    s = play(s, { type: "end_activation" }, rng).state;
    s = play(s, { type: "end_turn" }, rng).state;
    play(s, { type: "end_turn" }, rng);
    expect(rng.used).toBe(0);
  });

  it("§11 a rejected action draws nothing", () => {
    const s = activated(start(), "b-line");
    const rng = floats(0.5);
    const r = musket.apply(s, "blue", { type: "fire", target: "r-light" }, rng);
    expect(r.ok).toBe(false);
    expect(rng.used).toBe(0);
  });
});

describe("§13 legal answers", () => {
  it("§13 awaiting activation: activatable units by id with their command chance, and end_turn", () => {
    expect(musket.legal(start(), "red").choices).toEqual([]);
    const choices = musket.legal(start(), "blue").choices;
    expect(choices.map((c) => c.action)).toEqual([{ type: "activate", unit: "b-drag" }, { type: "activate", unit: "b-line" }, { type: "end_turn" }]);
    expect(choices[0]).toMatchObject({ commandChance: 1, from: [2, 1] });
  });

  it("§13 an out-of-command unit shows 0.5 or 0.35", () => {
    const s = position({ units: [...units, { id: "b-far", hex: [7, -3] }], leaders });
    const far = musket.legal(s, "blue").choices.find((c) => c.action.type === "activate" && c.action.unit === "b-far");
    expect(far).toMatchObject({ commandChance: 0.35, label: "activate b-far (out of command: 35%)" });
  });

  it("§13 the action step: the active unit's answer with fire chances and charge bases riding along", () => {
    const s = activated(start(), "b-drag");
    expect(unitAnswer(s, "blue", "b-drag")).toMatchObject({
      unit: "b-drag",
      active: true,
      mpLeft: 2,
      needsTerrainCheck: false,
      fireTargets: [{ unit: "r-art", chance: 0.5, distance: 2 }, { unit: "r-light", chance: 0.5, distance: 2 }],
      chargeTargets: [{ unit: "r-art", attackerBase: 4, defenderBase: 4 }, { unit: "r-light", attackerBase: 4, defenderBase: 4 }],
      canExit: false,
    });
    const choices = musket.legal(s, "blue").choices;
    expect(unitOptions(s, "blue", "b-drag")).toEqual({ unit: "b-drag", acting: true, choices });
    expect(choices.find((c) => c.action.type === "fire")).toMatchObject({ chance: 0.5, distance: 2, to: [0, 3] });
    expect(choices.find((c) => c.action.type === "charge")).toMatchObject({ attackerBase: 4, defenderBase: 4, winChance: 15 / 36 });
    expect(choices.at(-1)!.action).toEqual({ type: "end_activation" });
    for (const c of choices) expect(musket.apply(s, "blue", c.action, floats(0.5, 0.5, 0.5, 0.5, 0.5)).ok).toBe(true);
  });

  it("§13 ?unit= previews an unactivated own unit as if activated; an enemy gets empty lists; the query narrows legal()", () => {
    expect(unitAnswer(start(), "blue", "b-line")).toMatchObject({ unit: "b-line", active: false, mpLeft: 1 });
    expect(unitAnswer(start(), "blue", "r-art")).toMatchObject({ mpLeft: 0, moveTargets: [], fireTargets: [], chargeTargets: [], canExit: false });
    const narrowed = musket.legal(start(), "blue", { unit: "b-line" });
    expect(narrowed).toEqual({ choices: [expect.objectContaining({ action: { type: "activate", unit: "b-line" } })], narrowedBy: ["unit"] });
    const fires = musket.legal(activated(start(), "b-drag"), "blue", { type: "fire" });
    expect(fires.choices.map((c) => c.action)).toEqual([{ type: "fire", target: "r-art" }, { type: "fire", target: "r-light" }]);
  });

  it("§13 ?unit= unitOptions: an unactivated unit's choices are legal()'s once it is activated (5.2); enemies and other seats get none", () => {
    const before = unitOptions(start(), "blue", "b-drag")!;
    expect(before.acting).toBe(false);
    const after = activated(start(), "b-drag");
    expect(before.choices).toEqual(musket.legal(after, "blue").choices);
    expect(before.choices.find((c) => c.action.type === "fire")).toMatchObject({ chance: 0.5, distance: 2 });
    expect(unitOptions(start(), "blue", "r-art")).toBeNull();
    expect(unitOptions(start(), "red", "r-art")).toBeNull();
    expect(unitOptions(start(), "blue", "nobody")).toBeNull();
  });

  it("§5.2 unitOptions says why a unit can do nothing: activated already, or another unit acting", () => {
    const acting = activated(start(), "b-drag");
    expect(unitOptions(acting, "blue", "b-line")).toEqual({ unit: "b-line", acting: false, choices: [], reason: "b-drag is acting: b-line may be activated once that activation ends (5.2)" });
    const done = play(acting, { type: "end_activation" }).state;
    expect(unitOptions(done, "blue", "b-drag")).toEqual({ unit: "b-drag", acting: false, choices: [], reason: "b-drag has already been activated this turn (5.2)" });
  });
});

describe("§16 computer player", () => {
  it("§16 activates the first unactivated unit by id, then ends the turn", () => {
    expect(musket.bot(start(), "blue", floats())).toEqual({ type: "activate", unit: "b-drag" });
    let s = play(activated(start(), "b-drag"), { type: "end_activation" }).state;
    s = play(activated(s, "b-line"), { type: "end_activation" }).state;
    expect(musket.bot(s, "blue", floats())).toEqual({ type: "end_turn" });
  });

  it("§16 fires at the highest chance first, ties by distance then id", () => {
    // r-light in woods (35%) and r-art in the open (50%) at the same distance
    const s = activated(position({ units, leaders, terrain: [[[2, 3], "woods"]] }), "b-drag");
    expect(musket.bot(s, "blue", floats())).toEqual({ type: "fire", target: "r-art" });
    expect(musket.bot(activated(start(), "b-drag"), "blue", floats())).toEqual({ type: "fire", target: "r-art" });
  });

  it("§16 charges only with an edge of 1 or more; otherwise steps toward the nearest goal; then ends", () => {
    const horse = (sp: number) => activated(position({ units: [{ id: "h", type: "horse", hex: [0, 1] }, { id: "e", side: 1, hex: [0, 3], sp }], leaders: [] }), "h", 0);
    expect(musket.bot(horse(4), "blue", floats())).toEqual({ type: "charge", target: "e" });
    expect(musket.bot(horse(5), "blue", floats())).toEqual({ type: "move", to: [0, 2] });
    const moved = play(horse(5), { type: "move", to: [0, 2] }).state;
    expect(musket.bot(moved, "blue", floats())).toEqual({ type: "end_activation" });
  });

  it("§16 exits when it can; a unit on its objective stays", () => {
    const exit = { "0": [{ id: "x", kind: "exit_units", edge: "east", count: 1 }], "1": [] };
    const s = activated(position({ units: [{ id: "u", type: "horse", hex: [7, 0] }, { id: "e", side: 1, hex: [6, 0] }], victory: exit }), "u", 0);
    expect(musket.bot(s, "blue", floats())).toEqual({ type: "exit" });
    const hill = { "0": [{ id: "h", kind: "control_hexes", hexes: [[3, 3]], requireAll: true, atTurn: null }], "1": [] };
    const on = activated(position({ units: [{ id: "u", type: "horse", hex: [3, 3] }, { id: "e", side: 1, hex: [7, -3] }], victory: hill }), "u", 0);
    expect(musket.bot(on, "blue", floats())).toEqual({ type: "end_activation" });
  });
});
