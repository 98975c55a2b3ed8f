import { describe, expect, it } from "vitest";
import { inCommunication, moscow, replacementChoices, type MoscowState } from "../../../worker/engine/moscow";
import { rngFromSeed } from "../../../worker/engine/rng";
import { err, h, ok, position, sortIds, strength, where , parsed } from "./helpers";

const restore = (unitId: string) => ({ type: "replacement", action: "restore", unitId });
const place = (unitId: string, hex: string) => ({ type: "replacement", action: "place", unitId, hex: h(hex) });
const soviet = (units: Parameters<typeof position>[0], turn = 1, extra: Partial<MoscowState> = {}, sovietReplacements: 3 | 4 | 5 = 5) =>
  position(units, { phase: "soviet_replacement", turn, options: { sovietReplacements }, extra });
const german = (units: Parameters<typeof position>[0], turn = 2) =>
  position(units, { phase: "german_replacement", turn, extra: { germanReplacementUsed: false } });
const comm = (s: MoscowState, side: "german" | "soviet", hex: string) => inCommunication(s, side, h(hex));

// A German wall down column 10: its ZOC covers every hex of the column.
const wall = { XXIV: "1001", XLI: "1003", LVII: "1005", XLVI: "1007", XL: "1009" };
// Moscow ringed: Germans on 1102 and 1104 put every other neighbour of 1103 in their ZOC.
const ring = { XXIV: "1102", XLI: "1104" };

describe("§Communication (seed §11: communication tracing for replacements)", () => {
  it.each([
    ["an open map: a Soviet unit far west is in communication", { "5": "0505" }, "soviet", "0505", true],
    ["enemy ZOC blocks the path: a German wall cuts the west off from the east edge", { ...wall, "5": "0505" }, "soviet", "0505", false],
    ["east of the wall is still in communication", { ...wall, "5": "1207" }, "soviet", "1207", true],
    ["the starting hex itself may be in enemy ZOC", { ...wall, "5": "1106" }, "soviet", "1106", true],
    ["friendly units do not block the path", { "5": "1306", "10": "1307", "13": "1308", "16": "1309", "19": "1310", "20": "1305", "24": "1304", "29": "1303", "30": "1302", "32": "1301" }, "soviet", "1207", true],
    ["enemy units block the path (Moscow ringed)", { ...ring, "5": "1103" }, "soviet", "1103", false],
    ["an edge hex in enemy ZOC does not count, even as the start", { XXIV: "1303", XLI: "1305", "5": "1404" }, "soviet", "1404", false],
    ["German communication runs to the west edge", { "5": "1207", VII: "0505" }, "german", "0505", true],
    ["the Soviet wall cuts German communication", { "5": "0201", "10": "0203", "13": "0205", "16": "0207", "19": "0209", VII: "0505" }, "german", "0505", false],
  ] as const)("§Communication: %s", (_n, units, side, hex, expected) => {
    expect(comm(position(units as Record<string, string>), side, hex)).toBe(expected);
  });
});

describe("§Replacements: allowance and options", () => {
  it("§Replacements: the Soviet receives 5 per turn; unused ones are lost when the phase ends", () => {
    let s = soviet({ "5": "1207", XL: "0101" });
    expect(s.sovietReplacementsRemaining).toBe(5);
    s = ok(s, "soviet", restore("5")).state;
    expect(s.sovietReplacementsRemaining).toBe(4);
    s = ok(s, "soviet", place("10", "1401")).state;
    s = ok(s, "soviet", { type: "end_phase" }).state;
    expect(s.sovietReplacementsRemaining).toBe(0);
  });
  it.each([3, 4] as const)("§Options: sovietReplacements %i", (n) => {
    const s = moscow.setup("quickstart", parsed({ sovietReplacements: n }), rngFromSeed("q")) as MoscowState;
    expect(s.options.sovietReplacements).toBe(n);
    expect((replacementChoices({ ...soviet({ "5": "1207" }, 1, {}, n) }, "soviet")).remaining).toBe(n);
  });
  it("§Replacements: the German receives 1 per turn from turn 2", () => {
    let s = german({ VII: ["0505", "half"], XL: ["0506", "half"] });
    s = ok(s, "german", restore("VII")).state;
    expect(s.germanReplacementUsed).toBe(true);
    expect(err(s, "german", restore("XL"), "invalid_replacement").message).toBe("XL cannot be restored: no replacements are left this turn");
  });
  it("§Options: germanReplacementTurns even — German replacements on turns 2, 4 and 6 only", () => {
    const base = { VII: ["0505", "half"] as [string, "half"], "5": "1410" };
    for (const [turn, expected] of [[2, true], [3, false], [4, true], [5, false], [6, true], [7, false]] as const) {
      const s = position(base, { phase: "soviet_movement", turn: turn - 1, options: { germanReplacementTurns: "even" } });
      const r = ok(s, "soviet", { type: "end_phase" });
      expect(r.state.turn).toBe(turn);
      expect(r.state.phase === "german_replacement", `turn ${turn}`).toBe(expected);
    }
    const every = position(base, { phase: "soviet_movement", turn: 2 });
    expect(ok(every, "soviet", { type: "end_phase" }).state.phase).toBe("german_replacement");
  });
  it("§Legal: the replacement answer lists remaining, restorable, placeable units and hexes", () => {
    const s = soviet({ "5": "1207", "10": ["1206", "full"], XL: "0101" });
    const l = replacementChoices(s, "soviet");
    expect(l.remaining).toBe(5);
    expect(l.restorableUnits).toEqual(["5"]);
    expect(l.placeableUnits).not.toContain("1S");
    expect(l.placeableUnits).toHaveLength(14);
    expect(sortIds(l.validPlacementHexes)).toEqual(
      ["0509", "0601", "0603", "0803", "0805", "0809", "1103", "1107", "1401", "1402", "1403", "1404", "1405", "1406", "1407", "1408", "1409", "1410"].sort(),
    );
  });
});

describe("§Replacements: restore and place", () => {
  it("§Replacements: restore flips a half unit in communication to full", () => {
    const r = ok(soviet({ "5": "1207" }), "soviet", restore("5"));
    expect(strength(r.state, "5")).toBe("full");
    expect(r.events).toEqual([{ kind: "replacement", side: "soviet", action: "restore", unitId: "5", hex: h("1207") }]);
  });
  it.each([
    ["a full unit", { "5": ["1207", "full"] }, "5", /already at full strength/],
    ["an eliminated unit", {}, "5", /eliminated \(place it instead/],
    ["an enemy unit", { XL: ["0505", "half"] }, "XL", /German unit/],
    ["a unit out of communication", { ...wall, "5": "0505" }, "5", /0505 is not in communication with the Soviet map edge/],
  ])("§Replacements: restore refused — %s", (_n, units, unit, message) => {
    expect(err(soviet(units as Record<string, string>), "soviet", restore(unit), "invalid_replacement").message).toMatch(message);
  });
  it("§Replacements: place brings an eliminated unit back at half strength on an empty friendly edge hex", () => {
    const r = ok(soviet({}), "soviet", place("5", "1405"));
    expect(where(r.state, "5")).toBe("1405");
    expect(strength(r.state, "5")).toBe("half");
    const g = ok(german({}), "german", place("XL", "0105"));
    expect([where(g.state, "XL"), strength(g.state, "XL")]).toEqual(["0105", "half"]);
  });
  it.each([
    ["an edge hex in enemy ZOC", { XXIV: "1303" }, "1403", /in the German ZOC/],
    ["an occupied hex", { "10": "1401" }, "1401", /10 is there/],
    ["a hex that is neither edge nor city", {}, "1207", /map edge or in a friendly city in communication/],
    ["an enemy-controlled city", { XL: "0101" }, "0204", /Smolensk is not Soviet-controlled/],
    ["a city out of communication", { ...wall }, "0803", /Mozhaisk is not in communication/],
    ["a unit already on the map", { "5": "1207" }, "1401", /restore it instead/],
  ])("§Replacements: place refused — %s", (_n, units, hex, message) => {
    expect(err(soviet(units as Record<string, string>), "soviet", place("5", hex), "invalid_replacement").message).toMatch(message);
  });
  it("§Replacements: a friendly city in communication takes a new unit; one new unit per city per turn", () => {
    const r = ok(soviet({}), "soviet", place("5", "1107"));
    expect(r.state.citiesUsedThisTurn).toEqual(["1107"]);
    const emptied = { ...r.state, units: r.state.units.map((u) => (u.id === "5" ? { ...u, position: h("1207") } : u)) };
    expect(err(emptied, "soviet", place("10", "1107"), "invalid_replacement").message).toMatch(/a new unit already entered Tula this turn/);
  });
  it("§Replacements: a friendly city on the edge in enemy ZOC is still a placement hex while in communication (Ryazan)", () => {
    const s = soviet({ XXIV: "1305" });
    expect(err(s, "soviet", place("5", "1404"), "invalid_replacement").message).toMatch(/German ZOC/);
    ok(s, "soviet", place("5", "1405"));
  });
  it("§Replacements: never both on one unit in the same turn (place, then restore)", () => {
    const s = ok(soviet({}), "soviet", place("5", "1401")).state;
    expect(err(s, "soviet", restore("5"), "invalid_replacement").message).toMatch(/already received a replacement this turn/);
  });
  it("§Replacements: 1st Shock Army not available until turn 4 (seed §11)", () => {
    expect(err(soviet({}, 3), "soviet", place("1S", "1401"), "invalid_replacement").message).toMatch(/may not enter before turn 4/);
    expect(replacementChoices(soviet({}, 3), "soviet").placeableUnits).not.toContain("1S");
    const s = soviet({}, 4);
    expect(s.firstShockArmyAvailable).toBe(true);
    expect(replacementChoices(s, "soviet").placeableUnits).toContain("1S");
    const r = ok(s, "soviet", place("1S", "1401"));
    expect(strength(r.state, "1S")).toBe("half");
  });
  it("§Replacements: replacement in Moscow without communication (seed §11) — the Soviet may restore or place there", () => {
    const s = soviet({ ...ring, "5": "1103" });
    expect(comm(s, "soviet", "1103")).toBe(false);
    expect(strength(ok(s, "soviet", restore("5")).state, "5")).toBe("full");
    const empty = soviet({ ...ring });
    expect(where(ok(empty, "soviet", place("10", "1103")).state, "10")).toBe("1103");
  });
  it("§Replacements: no Moscow exception once the Germans control Moscow, and none for the German", () => {
    const s = soviet({ ...ring }, 2, { cityControl: { ...soviet({}).cityControl, Moscow: "german" } });
    expect(err(s, "soviet", place("10", "1103"), "invalid_replacement").message).toMatch(/Moscow is not Soviet-controlled/);
    const g = position({ XXIV: ["1103", "half"], "5": "1102", "10": "1104", "13": "1003" }, { phase: "german_replacement", turn: 2, extra: { germanReplacementUsed: false } });
    expect(comm(g, "german", "1103")).toBe(false);
    err(g, "german", restore("XXIV"), "invalid_replacement");
  });
  it("§Replacements: a replacement action outside a replacement phase is wrong_phase; malformed is bad_action", () => {
    err(position({ "5": "1207" }, { phase: "soviet_movement" }), "soviet", restore("5"), "wrong_phase");
    err(soviet({}), "soviet", { type: "replacement", action: "upgrade", unitId: "5" }, "bad_action");
    err(soviet({}), "soviet", { type: "replacement", action: "place", unitId: "5" }, "bad_action");
    err(soviet({}), "soviet", restore("77"), "unknown_unit");
  });
});
