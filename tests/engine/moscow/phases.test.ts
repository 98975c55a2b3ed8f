import { describe, expect, it } from "vitest";
import { MAP, moscow, TURN_PHASES, UNIT_DEFS, type MoscowState } from "../../../worker/engine/moscow";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";
import quickstart from "../../../scenarios/moscow/quickstart.json";
import { err, h, kinds, move, ok, parsed, position, strength, where } from "./helpers";

const fresh = (scenario = "standard", options = {}) => moscow.setup(scenario, parsed(options), rngFromSeed("s")) as MoscowState;
const sovietHexes = MAP.setup.soviet;
const germanHexes = MAP.setup.german;
const sovietArmies = UNIT_DEFS.filter((u) => u.side === "soviet" && u.id !== "1S").map((u) => u.id);
const germanUnits = UNIT_DEFS.filter((u) => u.side === "german").map((u) => u.id);
const setupAction = (units: string[], hexes: string[]) => ({
  type: "setup",
  placements: hexes.map((x, k) => ({ unitId: units[k]!, hex: h(x) })),
});
const sovietSetup = setupAction(sovietArmies, sovietHexes);
const germanSetup = setupAction(germanUnits, germanHexes);

describe("§Setup: the standard scenario's two setup phases", () => {
  it("§Setup: the game opens in soviet_setup with nobody on the map; the Soviet acts first", () => {
    const s = fresh();
    expect([s.turn, s.phase]).toEqual([1, "soviet_setup"]);
    expect(moscow.toAct(s)).toEqual(["soviet"]);
    expect(s.units.every((u) => u.position === null)).toBe(true);
    const [order] = moscow.legal(s, "soviet").choices;
    expect(order!.action).toEqual(sovietSetup);
    err(s, "german", germanSetup, "not_your_turn");
    err(s, "soviet", { type: "end_phase" }, "wrong_phase");
  });
  it("§Setup: a valid Soviet setup places 13 armies at half strength, pools the other 3 and 1st Shock, and ends the phase", () => {
    const r = ok(fresh(), "soviet", sovietSetup);
    expect(r.state.phase).toBe("german_setup");
    expect(moscow.toAct(r.state)).toEqual(["german"]);
    sovietArmies.slice(0, 13).forEach((u, k) => {
      expect(where(r.state, u)).toBe(sovietHexes[k]);
      expect(strength(r.state, u)).toBe("half");
    });
    for (const u of [...sovietArmies.slice(13), "1S"]) expect(strength(r.state, u)).toBe("eliminated");
    expect(r.events[0]).toMatchObject({ kind: "setup_done", side: "soviet", pool: ["1S", ...sovietArmies.slice(13)] });
    err(r.state, "soviet", sovietSetup, "not_your_turn");
  });
  it("§Setup: the German setup places all 22 at full strength; turn 1 starts with panzer movement (replacement skipped)", () => {
    const s = ok(fresh(), "soviet", sovietSetup).state;
    const r = ok(s, "german", germanSetup);
    expect([r.state.turn, r.state.phase]).toEqual([1, "german_panzer_movement"]);
    germanUnits.forEach((u) => expect(strength(r.state, u)).toBe("full"));
    expect(kinds(r.events)).toEqual(["setup_done", "phase_skipped", "phase_started"]);
    expect(r.events[1]).toMatchObject({ phase: "german_replacement", reason: "no German replacements on turn 1" });
    err(r.state, "german", germanSetup, "wrong_phase");
  });
  const swap = (a: { placements: { unitId: string; hex: [number, number] }[] }, k: number, p: Partial<{ unitId: string; hex: [number, number] }>) => ({
    type: "setup",
    placements: a.placements.map((x, i) => (i === k ? { ...x, ...p } : x)),
  });
  it.each([
    ["too few units", { type: "setup", placements: sovietSetup.placements.slice(1) }, "invalid_setup", /exactly 13 units/],
    ["a hex that is not a Soviet setup hex", swap(sovietSetup, 0, { hex: h("0101") }), "invalid_setup", /0101: .*not a Soviet setup hex/],
    ["a German setup hex", swap(sovietSetup, 0, { hex: h("0103") }), "invalid_setup", /not a Soviet setup hex/],
    ["two units on one hex", swap(sovietSetup, 0, { hex: h(sovietHexes[1]!) }), "invalid_setup", /Two units are placed/],
    ["the same unit twice", swap(sovietSetup, 0, { unitId: sovietArmies[1]! }), "invalid_setup", /placed twice/],
    ["the 1st Shock Army", swap(sovietSetup, 0, { unitId: "1S" }), "invalid_setup", /1st Shock Army.*turn 4/],
    ["a German unit", swap(sovietSetup, 0, { unitId: "XL" }), "invalid_setup", /German unit/],
    ["an unknown unit", swap(sovietSetup, 0, { unitId: "99" }), "unknown_unit", /99/],
    ["no placements list", { type: "setup" }, "bad_action", /placements/],
    ["a malformed placement", { type: "setup", placements: [{ unitId: "5", hex: "0301" }] }, "bad_action", /placements\[0\]/],
  ])("§Setup: refused — %s", (_n, action, code, message) => {
    expect(err(fresh(), "soviet", action, code as string).message).toMatch(message as RegExp);
  });
});

describe("§Setup: the quickstart scenario", () => {
  it("§Setup: quickstart starts at turn 1, German panzer movement, with the scenario file's deployment", () => {
    const s = fresh("quickstart");
    expect([s.turn, s.phase]).toEqual([1, "german_panzer_movement"]);
    for (const [hex, unit] of Object.entries(quickstart.german)) expect([where(s, unit), strength(s, unit)]).toEqual([hex, "full"]);
    for (const [hex, unit] of Object.entries(quickstart.soviet)) expect([where(s, unit), strength(s, unit)]).toEqual([hex, "half"]);
    expect(Object.keys(quickstart.german).sort()).toEqual([...germanHexes].sort());
    expect(Object.keys(quickstart.soviet).sort()).toEqual([...sovietHexes].sort());
    expect(s.units.filter((u) => u.strength === "eliminated").map((u) => u.id).sort()).toEqual(["10", "1S", "32", "49"]);
    expect(s.cityControl).toMatchObject({ Smolensk: "german", Roslavl: "german", Moscow: "soviet", Bryansk: "soviet" });
  });
  it("§Options: unknown scenario or option values are refused", () => {
    expect(isRuleError(moscow.setup("nope", parsed({}), rngFromSeed("x")))).toBe(true);
    expect(isRuleError(moscow.parseOptions({ sovietReplacements: 6 }))).toBe(true);
    expect(isRuleError(moscow.parseOptions({ rules: "house" }))).toBe(true);
    expect(moscow.seats("quickstart", parsed({}))).toEqual(["german", "soviet"]);
    expect(moscow.options.map((o) => [o.name, o.default])).toEqual([
      ["sovietReplacements", 5],
      ["germanReplacementTurns", "every"],
      ["rules", "gdw1986"],
    ]);
    for (const o of moscow.options) expect(o.title.length * o.line.length).toBeGreaterThan(0);
  });
});

describe("§Sequence: 7 turns x 8 phases", () => {
  it("§Sequence: the phases of a turn in order; a phase with something to do waits for end_phase", () => {
    // Everybody has something to do in every phase of turn 2.
    const s = position(
      { XL: "0505", VII: ["0504", "half"], "5": "0605", "10": "0601" },
      { phase: "german_replacement", turn: 2, extra: { germanReplacementUsed: false } },
    );
    const seen: string[] = [s.phase];
    let t = s;
    for (let k = 0; k < 8; k++) {
      t = ok(t, moscow.toAct(t)[0]!, { type: "end_phase" }).state;
      seen.push(`${t.turn}:${t.phase}`);
    }
    expect(seen).toEqual([
      "german_replacement",
      "2:german_panzer_movement",
      "2:german_combat",
      "2:german_movement",
      "2:soviet_replacement",
      "2:soviet_rail_movement",
      "2:soviet_combat",
      "2:soviet_movement",
      "3:german_replacement",
    ]);
    expect(TURN_PHASES).toEqual(seen.slice(0, 8).map((x) => x.replace(/^\d:/, "")));
  });
  it("§Sequence: a phase that has nothing to do when it begins is skipped at once", () => {
    // No German replacement on turn 3 (option "even") and no German next to a Soviet: both phases are skipped.
    const s = position({ XL: "0105", "5": "1410" }, { phase: "soviet_movement", turn: 2, options: { germanReplacementTurns: "even" } });
    const r = ok(s, "soviet", { type: "end_phase" });
    expect(r.events.map((e) => `${e.kind}:${"phase" in e ? e.phase : ""}`)).toEqual(["phase_skipped:german_replacement", "phase_started:german_panzer_movement"]);
    const c = ok(r.state, "german", { type: "end_phase" });
    expect(c.events.map((e) => `${e.kind}:${"phase" in e ? e.phase : ""}`)).toEqual(["phase_skipped:german_combat", "phase_started:german_movement"]);
    expect(c.events[0]).toMatchObject({ reason: "no German unit is next to an enemy" });
  });
  it.each([
    ["no panzer left to move", { VII: "0105", "5": "1410" }, "german_replacement", 2, "german_panzer_movement", "no panzer can move"],
    ["no Soviet unit on a rail hex", { XL: "0101", "5": "1207" }, "soviet_replacement", 1, "soviet_rail_movement", "no unit can move by rail"],
  ])("§Sequence: skipped — %s", (_n, units, from, turn, skipped, reason) => {
    const s = position(units as Record<string, string>, { phase: from as "german_replacement", turn: turn as number });
    const r = ok(s, moscow.toAct(s)[0]!, { type: "end_phase" });
    expect(r.events).toContainEqual(expect.objectContaining({ kind: "phase_skipped", phase: skipped, reason }));
  });
  it("§Sequence: a phase never ends by itself after an action (the last replacement, the last move)", () => {
    const s = position({ "5": "1207", XL: "0101" }, { phase: "soviet_replacement", options: { sovietReplacements: 3 } });
    let t = ok(s, "soviet", { type: "replacement", action: "restore", unitId: "5" }).state;
    t = ok(t, "soviet", { type: "replacement", action: "place", unitId: "10", hex: h("1401") }).state;
    t = ok(t, "soviet", { type: "replacement", action: "place", unitId: "13", hex: h("1402") }).state;
    expect([t.phase, t.sovietReplacementsRemaining]).toEqual(["soviet_replacement", 0]);
    const m = ok(position({ XL: "0101", "5": "1410" }, { phase: "german_movement" }), "german", move("XL", "0102")).state;
    expect(m.phase).toBe("german_movement");
  });
  it("§Sequence: end_phase is refused while a choice is owed", () => {
    const s = position({ XXIV: "1107", XLI: "1108", "5": "1207" }, { phase: "german_combat" });
    const d = ok(s, "german", { type: "declare_battles", battles: [{ attackers: ["XXIV", "XLI"], defender: "5" }] }).state;
    const r = moscow.apply(d, "german", { type: "resolve_battle", battleIndex: 0 }, { ...rngFromSeed(1), d6: () => 3 } as never);
    if (isRuleError(r)) throw new Error(r.message);
    expect(r.state.pending?.kind).toBe("advance");
    err(r.state, "german", { type: "end_phase" }, "choice_pending");
  });
});

describe("§Victory: Moscow after turn 7 (seed §11: victory correctly detected)", () => {
  const last = (owner: "german" | "soviet") =>
    position({ XL: "1103", "5": "1410" }, { phase: "soviet_movement", turn: 7, extra: { cityControl: { ...fresh().cityControl, Moscow: owner } } });
  it.each(["german", "soviet"] as const)("§Victory: %s controls Moscow when turn 7's Soviet movement ends and wins", (owner) => {
    const r = ok(last(owner), "soviet", { type: "end_phase" });
    expect(r.state.phase).toBe("game_over");
    expect(moscow.outcome(r.state)).toMatchObject({ result: "win", winners: [owner], reason: "moscow" });
    expect(moscow.toAct(r.state)).toEqual([]);
    expect(r.events.at(-1)).toMatchObject({ kind: "game_over", winners: [owner] });
    expect(moscow.summary(r.state).line).toBe(`Game over after turn 7: ${owner === "german" ? "German" : "Soviet"} holds Moscow and wins`);
    err(r.state, owner, { type: "end_phase" }, "game_ended");
    err(r.state, "nobody", null, "game_ended");
  });
  it("§Victory: no winner before the end of turn 7", () => {
    const s = position({ XL: "1103", "5": "1410" }, { phase: "soviet_movement", turn: 6 });
    const r = ok(s, "soviet", { type: "end_phase" });
    expect(moscow.outcome(r.state)).toBeNull();
    expect(r.state.turn).toBe(7);
  });
});

describe("§Cities: control", () => {
  it("§Cities: a unit ending its move in an enemy city takes it; ownership persists when it leaves", () => {
    const s = position({ XL: "0503", "5": "1410" });
    const r = ok(s, "german", move("XL", "0603"));
    expect(r.events[1]).toEqual({ kind: "city_captured", city: "Vyazma", hex: h("0603"), side: "german", previous: "soviet" });
    expect(moscow.describe(r.events[1]!)).toBe("Vyazma (0603 Vyazma) is now German-controlled");
    const t = ok({ ...r.state, phase: "german_movement", movedThisPhase: [] }, "german", move("XL", "0503"));
    expect(t.state.cityControl.Vyazma).toBe("german");
  });
  it("§Cities: passing through a city does not take it", () => {
    const s = position({ XL: "0602", VII: "0604", "5": "1410" });
    const r = ok(s, "german", move("XL", "0704"));
    expect(r.events[0]).toMatchObject({ kind: "moved" });
    expect((r.events[0] as { path: unknown }).path).toEqual([h("0603"), h("0704")]);
    expect(r.state.cityControl.Vyazma).toBe("soviet");
  });
});

describe("§Seats and malformed input", () => {
  const s = position({ XL: "0105", "5": "1410" });
  it.each([
    ["unknown seat", "nobody", { type: "end_phase" }, "not_your_turn"],
    ["not your turn", "soviet", { type: "end_phase" }, "not_your_turn"],
    ["null", "german", null, "bad_action"],
    ["a number", "german", 42, "bad_action"],
    ["an array", "german", [], "bad_action"],
    ["a string", "german", "end_phase", "bad_action"],
    ["no type", "german", {}, "bad_action"],
    ["unknown type", "german", { type: "fly" }, "bad_action"],
    ["type of the wrong kind", "german", { type: 7 }, "bad_action"],
    ["a setup in a movement phase", "german", { type: "setup", placements: [] }, "wrong_phase"],
    ["declaring battles in a movement phase", "german", { type: "declare_battles", battles: [] }, "wrong_phase"],
  ])("§Errors: %s", (_n, seat, action, code) => {
    err(s, seat as string, action, code as string);
  });
  it("§Summary: turn, phase and one line", () => {
    expect(moscow.summary(position({}, { phase: "german_combat", turn: 3 }))).toEqual({ turn: 3, phase: "german_combat", line: "Turn 3 of 7 (mud), German combat" });
    expect(moscow.summary(fresh()).line).toBe("Before turn 1: Soviet setup");
    expect(moscow.summary(fresh("quickstart")).line).toBe("Turn 1 of 7, German panzer movement");
  });
});

describe("§Sequence: replacement phase skipped when nothing is usable", () => {
  it("§Sequence: with every German unit on the map at full strength the German replacement phase is skipped", () => {
    const s = { ...fresh("quickstart"), phase: "soviet_movement" as const };
    const r = ok(s, "soviet", { type: "end_phase" });
    expect(r.events[0]).toMatchObject({ kind: "phase_skipped", turn: 2, phase: "german_replacement", reason: "no replacement can be used" });
    expect(r.state.germanReplacementUsed).toBe(true);
  });
});
