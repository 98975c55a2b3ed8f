import { describe, expect, it } from "vitest";
import { cheapestPath, moscow, unitAt, unitOptions, zocHexes } from "../../../worker/engine/moscow";
import { err, h, kinds, move, ok, position, sortIds, validHexes, where } from "./helpers";

describe("§Movement: costs and terrain", () => {
  const s = position({ XL: "0601" });
  it.each([
    ["clear costs 1 MP", "XL", "0602", 1],
    ["forest costs 2 MP (0601 -> 0701)", "XL", "0701", 2],
    ["a forest hex on the only way costs 2 (0601 -> 0801 is 3, not 2)", "XL", "0801", 3],
    ["forest on a diagonal: 0601 -> 0703 is 1 + 2", "XL", "0703", 3],
  ])("§Movement: %s", (_n, unit, to, cost) => {
    expect(cheapestPath(s, unit, h(to))!.cost).toBe(cost);
  });
  it("§Movement: rivers do not affect movement — crossing a river hexside into Moscow costs 1", () => {
    const t = position({ XL: "1002" });
    expect(cheapestPath(t, "XL", h("1103"))).toEqual({ path: [h("1103")], cost: 1 });
  });
  it("§Movement: a unit needs the full cost to enter a hex — infantry (MA 4) cannot reach forest 0901 from 0601, a panzer can", () => {
    const t = position({ VII: "0601", XL: "0602" });
    const e = err(t, "german", move("VII", "0901"), "invalid_move");
    expect(e.message).toBe("VII cannot reach 0901: it is 5 MP away and VII has 4 (forest costs 2)");
    expect(cheapestPath(position({ XL: "0601" }), "XL", h("0901"))!.cost).toBe(5);
  });
  it("§Movement: may not enter enemy-occupied hexes", () => {
    const t = position({ XL: "1008", "5": "1108" });
    const e = err(t, "german", move("XL", "1108"), "invalid_move");
    expect(e.message).toBe("XL cannot move to 1108: it is held by the Soviet 5");
    expect(e.details).toMatchObject({ unitId: "XL", to: "1108" });
  });
  it("§Movement: every move ends in an empty hex — a move onto a friend is refused (no stacking)", () => {
    const t = position({ XL: "1402", VII: "1403" });
    const e = err(t, "german", move("XL", "1403"), "invalid_move");
    expect(e.message).toContain("VII is already there");
  });
  it("§Movement: pass-through — a unit may pass through a friendly unit", () => {
    const t = position({ XL: "1402", VII: "1403" });
    const r = ok(t, "german", move("XL", "1404"));
    expect(r.events[0]).toMatchObject({ kind: "moved", unitId: "XL", from: h("1402"), to: h("1404"), path: [h("1403"), h("1404")] });
    expect(where(r.state, "XL")).toBe("1404");
    expect(where(r.state, "VII")).toBe("1403");
  });
  it("§Movement: off-map destinations are invalid_move; malformed ones bad_action", () => {
    const t = position({ XL: "1402" });
    expect(err(t, "german", { type: "move", unitId: "XL", to: [20, 3] }, "invalid_move").message).toContain("off the map");
    err(t, "german", { type: "move", unitId: "XL", to: [1.5, 3] }, "bad_action");
    err(t, "german", { type: "move", unitId: "XL", to: "1404" }, "bad_action");
    err(t, "german", { type: "move", unitId: 7, to: [1, 1] }, "bad_action");
    err(t, "german", { type: "move", unitId: "XCIX", to: h("1404") }, "unknown_unit");
    err(t, "german", { type: "move", unitId: "5", to: h("1404") }, "invalid_move");
  });
});

describe("§Movement: zones of control", () => {
  // A Soviet wall on column 12 (1206, 1208, 1210) in front of a German panzer at 1008.
  const wall = position({ XLVII: "1008", "5": "1206", "10": "1208", "13": "1210" });
  it("§Movement: ZOC stop — entering enemy ZOC ends movement (hexes in the wall's ZOC are reachable, hexes behind it are not)", () => {
    const valid = validHexes(wall, "german", "XLVII");
    expect(valid).toEqual(expect.arrayContaining(["1107", "1108", "1109", "1110", "1205"]));
    expect(valid).not.toContain("1307");
    expect(valid).not.toContain("1209");
    const e = err(wall, "german", move("XLVII", "1307"), "invalid_move");
    expect(e.message).toMatch(/^XLVII cannot reach 1307: movement ends on entering the Soviet ZOC at 11\d\d$/);
  });
  it("§Movement: ZOC extends into enemy-occupied hexes and regardless of terrain; friendly units do not negate it", () => {
    // 1404 is in the ZOC of the Soviet at 1305 although a German stands on 1304 next to it.
    const t = position({ XL: "1403", "5": "1305", VII: "1304" });
    expect(validHexes(t, "german", "XL")).toContain("1404");
    expect(validHexes(t, "german", "XL")).not.toContain("1406");
  });
  // Corridor on the east edge: XL at 1403 starts in the ZOC of 5 (1303).
  it("§Movement: leaving ZOC — a unit that starts in enemy ZOC may leave it", () => {
    const t = position({ XL: "1403", "5": "1303" });
    const r = ok(t, "german", move("XL", "1407"));
    expect(r.events[0]).toMatchObject({ kind: "moved" });
    expect((r.events[0] as { path: unknown }).path).toEqual([h("1404"), h("1405"), h("1406"), h("1407")]);
  });
  it("§Movement: leaving ZOC — if the first hex is also in enemy ZOC the unit stops there", () => {
    const t = position({ XL: "1403", "5": "1303", "10": "1305" });
    expect(validHexes(t, "german", "XL")).toEqual(["1304", "1402", "1404"]);
    const e = err(t, "german", move("XL", "1406"), "invalid_move");
    expect(e.message).toBe("XL cannot reach 1406: movement ends on entering the Soviet ZOC at 1404");
  });
  it("§Movement: a friendly-occupied hex in enemy ZOC is a dead end (neither a stop nor a way through)", () => {
    const t = position({ XL: "1402", VII: "1403", "5": "1304" });
    expect(validHexes(t, "german", "XL")).not.toContain("1404");
    const e = err(t, "german", move("XL", "1405"), "invalid_move");
    expect(e.message).toBe("XL cannot reach 1405 Ryazan: movement ends on entering the Soviet ZOC at 1403 (where VII stands, so it cannot stop there either)");
  });
  it("§Movement: unit surrounded by ZOC (seed §11 edge case) — every neighbour in enemy ZOC: it can still move exactly one hex", () => {
    const t = position({ VII: "1208", "5": "1107", "10": "1309", "13": "1110" });
    expect(validHexes(t, "german", "VII")).toEqual(["1108", "1109", "1207", "1209", "1308"]);
  });
  it("§Movement: unit surrounded by ZOC (seed §11 edge case) — every neighbour enemy-held or off the map: it cannot move at all", () => {
    const t = position({ VII: "0101", "5": "0102", "10": "0201" });
    expect(validHexes(t, "german", "VII")).toEqual([]);
    err(t, "german", move("VII", "0103"), "invalid_move");
  });
});

describe("§Movement: phases", () => {
  it("§Sequence: panzer-only phase — infantry may not move in German panzer movement", () => {
    const t = position({ VII: "0103", XL: "0104" }, { phase: "german_panzer_movement" });
    expect(err(t, "german", move("VII", "0203"), "invalid_move").message).toBe(
      "VII cannot move now: only panzers move in the panzer movement phase",
    );
    ok(t, "german", move("XL", "0305"));
  });
  it("§Sequence: panzer moving in both panzer phase and regular phase (seed §11 edge case)", () => {
    let t = position({ XL: "0104", "5": "1410" }, { phase: "german_panzer_movement" });
    t = ok(t, "german", move("XL", "0305")).state;
    expect(t.movedThisPhase).toEqual(["XL"]);
    err(t, "german", move("XL", "0306"), "invalid_move");
    t = ok(t, "german", { type: "end_phase" }).state; // combat has nothing to do and is skipped
    expect(t.phase).toBe("german_movement");
    expect(t.movedThisPhase).toEqual([]);
    const r = ok(t, "german", move("XL", "0306"));
    expect(where(r.state, "XL")).toBe("0306");
  });
  it("§Movement: each unit moves at most once per movement phase", () => {
    const t = ok(position({ VII: "0103" }), "german", move("VII", "0203")).state;
    expect(err(t, "german", move("VII", "0303"), "invalid_move").message).toBe("VII has already moved this phase");
  });
  it("§Movement: only the phase's own units move; moving in a combat or replacement phase is wrong_phase", () => {
    err(position({ VII: "0103" }, { phase: "german_combat" }), "german", move("VII", "0203"), "wrong_phase");
    err(position({ VII: "0103" }, { phase: "german_replacement" }), "german", move("VII", "0203"), "wrong_phase");
    err(position({ VII: "0103", "5": "1410" }), "soviet", move("5", "1409"), "not_your_turn");
  });
});

describe("§Movement: mud (turns 3 and 4)", () => {
  it.each([3, 4])("§Mud: on turn %i a unit moves at most 1 hex, forest included", (turn) => {
    const t = position({ XL: "0601" }, { turn });
    expect(validHexes(t, "german", "XL")).toEqual(["0501", "0502", "0602", "0701", "0702"]);
    ok(t, "german", move("XL", "0701"));
    expect(err(t, "german", move("XL", "0603"), "invalid_move").message).toBe(
      `XL cannot reach 0603 Vyazma: mud (turn ${turn}): a unit moves at most 1 hex per phase`,
    );
  });
  it.each([2, 5])("§Mud: turn %i is not mud", (turn) => {
    const t = position({ XL: "0601" }, { turn });
    ok(t, "german", move("XL", "0603"));
  });
  it("§Mud: mud never lets a unit enter an enemy hex or end on a friend", () => {
    const t = position({ XL: "0601", VII: "0602", "5": "0701" }, { turn: 3 });
    expect(validHexes(t, "german", "XL")).toEqual(["0501", "0502", "0702"]);
  });
});

describe("§Movement: rail movement (Soviet rail movement phase, railLinks only)", () => {
  const rail = (units: Record<string, string>, turn = 1) => position(units, { phase: "soviet_rail_movement", turn });
  it("§Rail: rail movement stays on rails (seed §11) — along R3 up to the MA, every rail hex (forest too) costs 1", () => {
    const t = rail({ "5": "0601" });
    const valid = validHexes(t, "soviet", "5");
    expect(valid).toEqual(expect.arrayContaining(["0702", "0802", "0902", "1002", "0602", "0603", "0502", "0401", "0302", "0201"]));
    expect(valid).not.toContain("1103"); // 5 rail hexes away
    expect(valid).not.toContain("0701"); // not a rail hex
    expect(cheapestPath(t, "5", h("0902"))).toEqual({ path: [h("0702"), h("0802"), h("0902")], cost: 3 });
    expect(err(t, "soviet", move("5", "0703"), "invalid_move").message).toBe("5 cannot reach 0703: 0703 is not on a rail line");
  });
  it("§Rail: adjacent rail hexes that are not linked (0602, 0702) are not a way: the unit goes round by 0601", () => {
    const t = rail({ "5": "0602" });
    expect(cheapestPath(t, "5", h("0702"))).toEqual({ path: [h("0601"), h("0702")], cost: 2 });
  });
  it("§Rail: only units that start the phase on a rail hex may rail-move", () => {
    const t = rail({ "5": "0703" });
    expect(validHexes(t, "soviet", "5")).toEqual([]);
    expect(err(t, "soviet", move("5", "0704"), "invalid_move").message).toContain("did not start the phase on a rail hex");
  });
  it("§Rail: the ZOC stop applies, and a unit may start in enemy ZOC", () => {
    const t = rail({ "5": "0601", XL: "0801" });
    const valid = validHexes(t, "soviet", "5");
    expect(valid).toContain("0702");
    expect(valid).not.toContain("0802");
    const u = rail({ "5": "0702", XL: "0801" });
    expect(validHexes(u, "soviet", "5")).toEqual(expect.arrayContaining(["0601", "0602"]));
  });
  it("§Rail: rail movement passes through friendly units and must end in an empty hex", () => {
    const t = rail({ "5": "0601", "10": "0702" });
    expect(validHexes(t, "soviet", "5")).toEqual(expect.arrayContaining(["0802", "0902", "1002"]));
    expect(validHexes(t, "soviet", "5")).not.toContain("0702");
  });
  it("§Rail: mud does not affect rail movement", () => {
    const t = rail({ "5": "0601" }, 3);
    ok(t, "soviet", move("5", "1002"));
  });
  it("§Rail: a rail move is recorded as such and the unit may not move again by rail", () => {
    const r = ok(rail({ "5": "0601" }), "soviet", move("5", "0802"));
    expect(r.events[0]).toMatchObject({ kind: "moved", rail: true });
    expect(moscow.describe(r.events[0]!)).toBe("5 moved by rail 0601 Rzhev -> 0802 via 0702");
    err(r.state, "soviet", move("5", "0902"), "invalid_move");
  });
  it("§Rail: after rail movement the same unit may move again in the Soviet movement phase", () => {
    let t = rail({ "5": "0601", XL: "1410" });
    t = ok(t, "soviet", move("5", "0802")).state;
    t = ok(t, "soviet", { type: "end_phase" }).state; // Soviet combat: nothing adjacent, skipped
    expect(t.phase).toBe("soviet_movement");
    expect(kinds(ok(t, "soviet", move("5", "0903")).events)).toEqual(["moved"]);
  });
});

describe("§Movement: legal answers", () => {
  it("§Legal: ?unit= lists the unit's destinations without its own hex; unitOptions gives the same", () => {
    const t = position({ XL: "0601" }, { turn: 3 });
    const options = unitOptions(t, "german", "XL")!;
    expect(options).toMatchObject({ unit: "XL", acting: true });
    expect(options.choices).toEqual(moscow.legal(t, "german", { unit: "XL" }).choices);
    expect(sortIds(options.choices.map((c) => c.to!))).toEqual(["0501", "0502", "0602", "0701", "0702"]);
  });
  it("§Legal: in the panzer phase only panzers move; unitOptions names the rule for the others", () => {
    const t = position({ XL: "0601", VII: "0103" }, { phase: "german_panzer_movement" });
    const movers = new Set(moscow.legal(t, "german").choices.flatMap((c) => (c.action.type === "move" ? [c.action.unitId] : [])));
    expect([...movers]).toEqual(["XL"]);
    expect(unitOptions(t, "german", "VII")).toEqual({ unit: "VII", acting: true, choices: [], reason: "VII cannot move now: only panzers move in the panzer movement phase" });
    expect(unitOptions(t, "soviet", "VII")).toBeNull();
    expect(unitOptions(t, "german", "5")).toBeNull();
  });
});

describe("§ZOC: calculation (seed §11: ZOC calculation accuracy)", () => {
  it("§ZOC: the six hexes around every unit, whatever the terrain, including enemy-occupied hexes", () => {
    const s = position({ "5": "0906", XL: "0905" });
    expect(sortIds(zocHexes(s, "soviet"))).toEqual(["0805", "0806", "0905", "0907", "1005", "1006"]);
    expect(sortIds(zocHexes(s, "german"))).toEqual(["0804", "0805", "0904", "0906", "1004", "1005"]);
  });
  it("§ZOC: hexes at the map edge have fewer neighbours; ZOCs of several units merge", () => {
    const s = position({ "5": "0101", "10": "0103" });
    expect(sortIds(zocHexes(s, "soviet"))).toEqual(["0102", "0104", "0201", "0202", "0203"]);
    expect(unitAt(s, h("0101"))?.id).toBe("5");
    expect(unitAt(s, h("0102"))).toBeNull();
  });
});
