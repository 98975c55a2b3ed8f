import { describe, expect, it } from "vitest";
import { distance } from "../../../worker/engine/hex";
import { moscow, type MoscowState } from "../../../worker/engine/moscow";
import { exchangeOptions } from "../../../worker/engine/moscow/losses";
import { combat, declare, dice, err, fight, h, id, kinds, ok, position, resolve, strength, where } from "./helpers";

const advance = (unitId: string | null) => ({ type: "advance", unitId });
const steps = (...ids: string[]) => ({ type: "choose_losses", steps: ids });
const retreat = (unitId: string, ...path: string[]) => ({ type: "retreat", unitId, path: path.map(h) });
const optionSteps = (s: MoscowState) => s.pending!.options.map((o) => (o.type === "choose_losses" ? o.steps.join("+") : "?")).sort();

describe("§Results: NE and AL", () => {
  it("§CRT: NE — nothing happens, no choice is owed", () => {
    const r = fight(combat({ XL: "1107", "5": "1207" }), ["XL"], "5", 5); // 2:1, die 5
    expect(r.battle.result).toBe("NE");
    expect(r.state.pending).toBeNull();
    expect(where(r.state, "5")).toBe("1207");
  });
  it("§CRT: AL with one attacker — the only choice is applied at once (no retreat, no advance)", () => {
    const r = fight(combat({ XXXIV: "1107", "5": "1207" }), ["XXXIV"], "5", 6); // 1:1, die 6
    expect(r.battle.result).toBe("AL");
    expect(strength(r.state, "XXXIV")).toBe("half");
    expect(r.state.pending).toBeNull();
    expect(kinds(r.events)).toEqual(["battle_resolved", "step_lost"]);
  });
  it("§CRT: AL — the attacking player chooses one attacker to lose a step", () => {
    const r = fight(combat({ XXXIV: ["1107", "half"], XLII: ["1108", "half"], "5": "1207" }), ["XXXIV", "XLII"], "5", 6);
    expect(r.state.pending).toEqual({
      kind: "losses",
      battleIndex: 0,
      options: [steps("XXXIV"), steps("XLII")],
    });
    expect(moscow.toAct(r.state)).toEqual(["german"]);
    expect(moscow.legal(r.state, "german").choices.map((c) => c.action)).toEqual(r.state.pending!.options);
    err(r.state, "german", steps("XXXIV", "XLII"), "invalid_choice");
    const t = ok(r.state, "german", steps("XLII"));
    expect(strength(t.state, "XLII")).toBe("eliminated");
    expect(where(t.state, "XLII")).toBeNull();
    expect(t.state.pending).toBeNull();
    expect(where(t.state, "5")).toBe("1207");
  });
});

describe("§Results: exchanges (seed §11 edge case: exchange losses calculation)", () => {
  const ex = (turn = 1) => combat({ XL: "1107", VII: "1108", "5": "1207" }, { turn });
  it("§EX: the defender loses a step; the attacker owes steps worth its printed loss; minimal sets only", () => {
    const r = fight(ex(), ["XL", "VII"], "5", 4); // 15 vs 4 = 3:1, die 4
    expect(r.battle.result).toBe("EX");
    expect(strength(r.state, "5")).toBe("eliminated");
    expect(r.state.pending).toMatchObject({ kind: "losses", battleIndex: 0, minLoss: 4 });
    // XL's first step is worth 4; VII's is worth 3, so VII must lose both (3 + 4); XL+VII is not minimal.
    expect(optionSteps(r.state)).toEqual(["VII+VII", "XL"]);
  });
  it("§EX: a unit may lose both steps (worth its full strength)", () => {
    const r = fight(ex(), ["XL", "VII"], "5", 4);
    const t = ok(r.state, "german", steps("VII", "VII"));
    expect(strength(t.state, "VII")).toBe("eliminated");
    expect(strength(t.state, "XL")).toBe("full");
    expect(t.events.filter((e) => e.kind === "step_lost").map((e) => [e.unitId, e.to])).toEqual([
      ["VII", "half"],
      ["VII", "eliminated"],
    ]);
    expect(t.state.pending).toMatchObject({ kind: "advance", options: [advance("XL"), advance(null)] });
  });
  it("§EX: steps may be listed in any order; a set worth too little is refused", () => {
    const r = fight(ex(), ["XL", "VII"], "5", 4);
    expect(err(r.state, "german", steps("VII"), "invalid_choice").message).toMatch(/worth at least 4/);
    err(r.state, "german", steps("XL", "VII"), "invalid_choice");
    err(r.state, "german", steps("XL", "Q"), "unknown_unit");
  });
  it("§Mud: exchange losses are by printed strength, not the halved figure (7.5 vs 4 in mud, still 4 owed)", () => {
    const r = fight(ex(3), ["XL", "VII"], "5", 2); // 1:1, die 2
    expect(r.battle).toMatchObject({ attack: 7.5, modifiedOdds: "1:1", result: "EX" });
    expect(r.state.pending).toMatchObject({ kind: "losses", minLoss: 4 });
    expect(optionSteps(r.state)).toEqual(["VII+VII", "XL"]);
  });
  it("§EX: a full-strength defender's loss is worth full minus half (8 - 4); then it retreats", () => {
    const s = combat({ XXIV: "1107", XLI: "1108", "5": ["1207", "full"] });
    const r = fight(s, ["XXIV", "XLI"], "5", 4); // 24 vs 8 = 3:1, die 4
    expect(r.state.pending).toMatchObject({ kind: "losses", minLoss: 4 });
    expect(optionSteps(r.state)).toEqual(["XLI", "XXIV"]);
    const t = ok(r.state, "german", steps("XLI"));
    expect(strength(t.state, "XLI")).toBe("half");
    expect(strength(t.state, "5")).toBe("half");
    expect(t.state.pending?.kind).toBe("retreat"); // order: losses, then retreat, then advance
  });
  it("§EX: a single legal loss set is applied at once", () => {
    const r = fight(combat({ XL: "1107", "5": "1207" }), ["XL"], "5", 3); // 2:1, die 3
    expect(r.battle.result).toBe("EX");
    expect(strength(r.state, "XL")).toBe("half");
    expect(r.state.pending).toMatchObject({ kind: "advance", options: [advance("XL"), advance(null)] });
  });
  it("§EX: when every attacker is eliminated there is nobody to advance", () => {
    const s = combat({ XXXIV: ["1107", "half"], XLII: ["1108", "half"], "5": "1207" });
    const r = fight(s, ["XXXIV", "XLII"], "5", 2); // 4 vs 4 = 1:1, die 2
    expect(r.battle.result).toBe("EX");
    expect(strength(r.state, "XXXIV")).toBe("eliminated");
    expect(strength(r.state, "XLII")).toBe("eliminated");
    expect(r.state.pending).toBeNull();
  });
  it("§EX: if all attacking steps together are worth less than owed, the only option is all of them", () => {
    const s = combat({ XXXIV: ["1107", "half"], XLII: ["1108", "half"], "5": "1207" });
    expect(exchangeOptions(s, ["XXXIV", "XLII"], 6)).toEqual([steps("XXXIV", "XLII")]);
    expect(exchangeOptions(s, ["XXXIV", "XLII"], 2)).toEqual([steps("XLII"), steps("XXXIV")]);
  });
  it("§EX: minimal sets with a 1st Shock defender (10-5 owes 5)", () => {
    const s = combat({ XXIV: "1107", VI: "1108", "1S": ["1207", "full"] }, { turn: 5 });
    const r = fight(s, ["XXIV", "VI"], "1S", 2); // 17 vs 10 = 1:1, die 2
    expect(r.state.pending).toMatchObject({ minLoss: 5 });
    // XXIV's step is 6; VI's steps are 3 then 2 (3+2 = 5).
    expect(optionSteps(r.state)).toEqual(["VI+VI", "XXIV"]);
  });
});

describe("§Results: retreats", () => {
  const open = () => combat({ XXIV: "1107", "5": "1207", "10": "1209" });
  it("§Retreat: DR — the attacking player chooses among every legal path; each is 2 hexes, step k at distance k, out of enemy ZOC", () => {
    const r = fight(open(), ["XXIV"], "5", 1); // 3:1, die 1
    expect(r.battle.result).toBe("DR");
    const p = r.state.pending!;
    expect(p.kind).toBe("retreat");
    expect(p.unitId).toBe("5");
    expect(moscow.toAct(r.state)).toEqual(["german"]);
    const germanZoc = ["1006", "1007", "1106", "1108", "1206", "1207"]; // XXIV at 1107
    expect(p.options.length).toBeGreaterThan(3);
    for (const o of p.options) {
      if (o.type !== "retreat") throw new Error("not a retreat");
      expect(o.unitId).toBe("5");
      o.path.forEach((x, k) => expect(distance(x, h("1207"))).toBe(k + 1));
      for (const x of o.path) expect(germanZoc).not.toContain(id(x));
      // 2 hexes, or longer only while the hex reached holds a friend (10 at 1209)
      expect(o.path.slice(1, -1).every((x) => id(x) === "1209")).toBe(true);
      expect(where(r.state, "10")).toBe("1209");
    }
    const ends = p.options.map((o) => (o.type === "retreat" ? o.path.map(id).join(" ") : ""));
    expect(ends).toContain("1208 1209 1210");
    expect(ends).toContain("1307 1407");
    const t = ok(r.state, "german", retreat("5", "1307", "1407"));
    expect(where(t.state, "5")).toBe("1407");
    expect(t.events[0]).toMatchObject({ kind: "retreated", unitId: "5", from: h("1207"), to: h("1407") });
    expect(t.state.pending).toMatchObject({ kind: "advance", options: [advance("XXIV"), advance(null)] });
  });
  it.each([
    ["a retreat is 2 hexes long", ["1307"], /a retreat is 2 hexes long/],
    ["no doubling back: step 2 must be 2 hexes from the start", ["1307", "1308"], /must be 2 hexes from 1207/],
    ["never into enemy ZOC", ["1206", "1306"], /1206 is in the German ZOC/],
    ["hexes must be adjacent", ["1307", "1409"], /not next to/],
    ["the retreat ends at the first empty hex", ["1307", "1407", "1406"], /first empty hex/],
  ])("§Retreat: an illegal path is refused — %s", (_n, path, message) => {
    const r = fight(open(), ["XXIV"], "5", 1);
    const e = err(r.state, "german", retreat("5", ...path), "invalid_choice");
    expect(e.message).toMatch(message);
    err(r.state, "german", retreat("10", "1307", "1407"), "invalid_choice");
    err(r.state, "german", advance("XXIV"), "choice_pending");
    err(r.state, "german", { type: "end_phase" }, "choice_pending");
    err(r.state, "german", { type: "move", unitId: "XXIV", to: h("1008") }, "choice_pending");
  });
  it("§Retreat: retreat into ZOC = elimination (seed §11) — no legal path eliminates the unit at once", () => {
    const r = fight(combat({ XXIV: "1107", XL: "1308", "5": "1207" }), ["XXIV", "XL"], "5", 1); // 5:1, die 1
    expect(r.battle.result).toBe("DR");
    expect(kinds(r.events)).toEqual(["battle_resolved", "retreat_blocked", "eliminated"]);
    expect(r.events[2]).toMatchObject({ unitId: "5", cause: "no_retreat" });
    expect(strength(r.state, "5")).toBe("eliminated");
    expect(r.state.pending).toMatchObject({ kind: "advance", options: [advance("XXIV"), advance("XL"), advance(null)] });
  });
  it("§Retreat: a friend on the second hex extends the retreat to the first empty hex", () => {
    // Corridor on the east edge: XL at 1401 attacks 5 at 1402; VII and V keep 1303 and 1304 in German ZOC.
    const s = combat({ XL: "1401", VII: "1202", V: "1204", "5": "1402", "10": "1404" });
    const r = fight(s, ["XL"], "5", 1); // 2:1, die 1
    expect(r.events[1]).toMatchObject({ kind: "retreated", path: [h("1403"), h("1404"), h("1405")] });
    expect(where(r.state, "5")).toBe("1405");
    expect(where(r.state, "10")).toBe("1404");
  });
  it("§Retreat: a friend on the first hex is simply passed through", () => {
    const s = combat({ XL: "1401", VII: "1202", V: "1204", "5": "1402", "10": "1403" });
    const r = fight(s, ["XL"], "5", 1);
    expect(r.events[1]).toMatchObject({ kind: "retreated", path: [h("1403"), h("1404")] });
  });
  it("§Retreat: DRL — the defender loses a step, then retreats if alive", () => {
    const s = combat({ XXIV: "1107", XLI: "1108", "5": ["1207", "full"] });
    const r = fight(s, ["XXIV", "XLI"], "5", 6); // 3:1, die 6
    expect(r.battle.result).toBe("DRL");
    expect(strength(r.state, "5")).toBe("half");
    expect(r.state.pending?.kind).toBe("retreat");
  });
  it("§Retreat: DRL on a half-strength defender eliminates it; then the advance", () => {
    const r = fight(combat({ XXIV: "1107", XLI: "1108", "5": "1207" }), ["XXIV", "XLI"], "5", 1); // 6:1, die 1
    expect(r.battle.result).toBe("DRL");
    expect(strength(r.state, "5")).toBe("eliminated");
    expect(r.state.pending?.kind).toBe("advance");
  });
  it("§CRT: DE — the defender is eliminated whatever its strength, then the advance", () => {
    const s = combat({ XXIV: "1107", XLI: "1108", LVII: "1206", XLVI: "1307", "5": ["1207", "full"] });
    const de = fight(s, ["XXIV", "XLI", "LVII", "XLVI"], "5", 5); // 46 vs 8 = 5:1, die 5
    expect(de.battle).toMatchObject({ attack: 46, defense: 8, modifiedOdds: "5:1", result: "DE" });
    expect(kinds(de.events)).toEqual(["battle_resolved", "eliminated"]);
    expect(strength(de.state, "5")).toBe("eliminated");
    expect(de.state.pending?.kind).toBe("advance");
  });
});

describe("§Results: advance after combat", () => {
  const afterDe = () => fight(combat({ XXIV: "0703", XLI: "0802", "5": "0803", "10": "0904" }), ["XXIV", "XLI"], "5", 6); // Mozhaisk, 6:1-1 = 5:1, die 6: DE
  it("§Advance: optional — one surviving attacker may enter the vacated hex, free and ignoring ZOC; city control changes", () => {
    const r = afterDe();
    expect(r.battle).toMatchObject({ terrainModifiers: ["fortification"], result: "DE" });
    expect(r.state.pending).toEqual({ kind: "advance", battleIndex: 0, options: [advance("XXIV"), advance("XLI"), advance(null)] });
    const t = ok(r.state, "german", advance("XLI"));
    expect(where(t.state, "XLI")).toBe("0803"); // next to the Soviet 10: ZOC ignored
    expect(kinds(t.events)).toEqual(["advanced", "city_captured"]);
    expect(t.state.cityControl.Mozhaisk).toBe("german");
    expect(t.state.pending).toBeNull();
    expect(moscow.describe(t.events[0]!)).toBe("XLI advances 0802 -> 0803 Mozhaisk");
  });
  it("§Advance: declining leaves everything in place", () => {
    const t = ok(afterDe().state, "german", advance(null));
    expect(where(t.state, "XLI")).toBe("0802");
    expect(t.state.cityControl.Mozhaisk).toBe("soviet");
    expect(kinds(t.events)).toEqual(["advance_declined"]);
  });
  it("§Advance: only a surviving attacker of that battle may advance", () => {
    const s = afterDe().state;
    expect(err(s, "german", advance("VII"), "invalid_choice").message).toMatch(/only a surviving attacker/);
    err(s, "german", advance("Q"), "unknown_unit");
    err(s, "german", { type: "advance" }, "bad_action");
    err(s, "soviet", advance(null), "not_your_turn");
  });
  it("§Cities: a retreat into an enemy city takes it (a German retreating into Rzhev)", () => {
    const s = position({ XL: "0801", "5": ["0901", "full"], "10": ["0902", "full"] }, { phase: "soviet_combat" });
    const r = fight(s, ["5", "10"], "XL", 1, "soviet"); // 16 vs 8 = 2:1, die 1
    expect(r.state.pending?.kind).toBe("retreat");
    const t = ok(r.state, "soviet", retreat("XL", "0701", "0601"));
    expect(kinds(t.events)).toEqual(["retreated", "city_captured"]);
    expect(t.state.cityControl.Rzhev).toBe("german");
  });
  it("§Choices: no choice is owed → invalid_choice", () => {
    const s = combat({ XL: "1107", "5": "1207" });
    err(s, "german", advance(null), "invalid_choice");
    err(s, "german", steps("XL"), "invalid_choice");
    err(s, "german", retreat("5", "1307", "1407"), "invalid_choice");
  });
  it("§Random draws: only resolve_battle draws (one d6); declaring and every choice draw nothing", () => {
    const s = combat({ XL: "1107", VII: "1108", "5": "1207" });
    const d = dice();
    const declared = ok(s, "german", declare([["XL", "VII"], "5"]), d).state;
    expect(d.draws).toBe(0);
    const one = dice(4);
    const r = ok(declared, "german", resolve(0), one);
    expect(one.draws).toBe(1);
    const none = dice();
    ok(r.state, "german", steps("XL"), none);
    expect(none.draws).toBe(0);
  });
});

describe("§Mud: retreat and advance are not movement", () => {
  it("§Mud: in mud a retreat is still 2 hexes (and extends), and the advance is not limited", () => {
    const s = combat({ XL: "1401", VII: "1202", V: "1204", "5": "1402", "10": "1404" }, { turn: 3 });
    const r = fight(s, ["XL"], "5", 1); // 4 vs 4 in mud = 1:1, die 1: DR
    expect(r.battle).toMatchObject({ attack: 4, modifiedOdds: "1:1", result: "DR" });
    expect(r.events[1]).toMatchObject({ kind: "retreated", path: [h("1403"), h("1404"), h("1405")] });
    const t = ok(r.state, "german", advance("XL"));
    expect(where(t.state, "XL")).toBe("1402");
  });
});
