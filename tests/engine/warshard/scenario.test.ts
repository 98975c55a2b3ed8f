import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";
import { warshard } from "../../../worker/engine/warshard";
import { COMBINED_ARMS, setup } from "./helpers";

const bootCamp = JSON.parse(readFileSync("scenarios/warshard/boot_camp.json", "utf8")) as Record<string, unknown>;

describe("§12 the boot_camp scenario", () => {
  it("§1.1 §12 seats germany then usa; 20 player-turns; germany moves first in turn 1", () => {
    expect(warshard.seats("boot_camp", {})).toEqual(["germany", "usa"]);
    const s = setup("boot_camp");
    expect(s).toMatchObject({ turn: 1, turnLimit: 20, activeSide: "germany", phase: "movement", pending: null });
    expect(warshard.toAct(s)).toEqual(["germany"]);
  });

  it.each([
    ["1", "germany", "armor", [3, 3], "map"],
    ["2", "germany", "hq", [4, 3], "map"],
    ["3", "usa", "infantry", [5, 4], "map"],
    ["4", "usa", "armor", [7, 5], "waiting"],
    ["5", "usa", "hq", [9, 6], "waiting"],
  ])("§12 unit %s: %s %s at %j (%s)", (id, side, type, hex, status) => {
    const s = setup("boot_camp");
    expect(s.units.find((u) => u.id === id)).toMatchObject({ side, type, hex, status });
  });

  it("§12 terrain, VP hexes, replacement points and initial control", () => {
    const s = setup("boot_camp");
    const vp = s.map.hexes.filter((h) => h.vp).map((h) => [h.hex, h.vp]);
    expect(vp).toEqual([[[2, 4], 10], [[2, 5], 10], [[4, 3], 10]]);
    expect(s.map.hexes.find((h) => h.hex[0] === 7 && h.hex[1] === 2)!.type).toBe("water");
    expect(s.replacementPoints).toEqual({ germany: [[1, 4], [1, 6]], usa: [[10, 4], [10, 6]] });
    expect(s.control).toEqual([{ hex: [4, 3], side: "germany" }]);
    const germanMobility = s.units.filter((u) => u.side === "germany").map((u) => u.mobilityLeft);
    expect(germanMobility).toEqual([12, 4]);
  });
});

describe("§4 inline scenarios: any position, errors naming the field and the hex", () => {
  const withChange = (change: (s: Record<string, any>) => void) => {
    const copy = JSON.parse(JSON.stringify(bootCamp)) as Record<string, any>;
    change(copy);
    return warshard.setup(copy, {}, rngFromSeed("x"));
  };

  it("§4 the built-in file posted inline sets up the same game", () => {
    const inline = warshard.setup(bootCamp, {}, rngFromSeed("x"));
    expect(isRuleError(inline)).toBe(false);
    expect(JSON.stringify({ ...(inline as object), scenario: null })).toBe(JSON.stringify({ ...setup("boot_camp"), scenario: null }));
  });

  it.each([
    ["a unit off the board", (s: any) => (s.units[0].hex = [12, 0]), "units[0].hex", [12, 0]],
    ["a unit on water", (s: any) => (s.units[0].hex = [7, 2]), "units[0].hex", [7, 2]],
    ["two units on one hex", (s: any) => (s.units[1].hex = [3, 3]), "units[1].hex", [3, 3]],
    ["a duplicate id", (s: any) => (s.reinforcements[0].id = "1"), "reinforcements[0].id", undefined],
    ["an unknown unit type", (s: any) => (s.units[2].type = "cavalry"), "units[2].type", undefined],
    ["an unknown terrain", (s: any) => (s.map.hexes[3].type = "swamp"), "map.hexes[3].type", [3, 5]],
    ["a firstSide that is not a side", (s: any) => (s.firstSide = "france"), "firstSide", undefined],
    ["a replacement point on water", (s: any) => (s.replacementPoints.usa[1] = [7, 3]), "replacementPoints.usa[1]", [7, 3]],
    ["a start turn past the limit", (s: any) => (s.start.turn = 21), "start.turn", undefined],
    ["a start side that does not match the turn", (s: any) => (s.start = { turn: 2, side: "germany" }), "start.side", undefined],
    ["mobility beyond the unit's allowance", (s: any) => (s.units[0].mobilityLeft = 13), "units[0].mobilityLeft", undefined],
    ["an unknown field", (s: any) => (s.weather = "snow"), "weather", undefined],
  ])("§4 %s is refused", (_name, change, field, hex) => {
    const r = withChange(change);
    expect(isRuleError(r)).toBe(true);
    if (!isRuleError(r)) return;
    expect(r.code).toBe("bad_scenario");
    expect(r.details).toMatchObject(hex === undefined ? { field } : { field, hex });
    expect(r.message).toContain(field);
  });

  it("§4 a position mid-game: turn, phase, mobility, shattered units", () => {
    const s = setup({
      ...COMBINED_ARMS,
      start: { turn: 4, phase: "attack" },
      units: [...COMBINED_ARMS.units, { id: "lost", side: "blue", type: "artillery", status: "shattered" }],
    });
    expect(s).toMatchObject({ turn: 4, activeSide: "blue", phase: "attack" });
    expect(s.shattered).toEqual({ red: [], blue: ["lost"] });
  });
});

describe("§4 a scenario may start in the middle of the allocations (7.1-7.3), declared through the rules themselves", () => {
  const hill = { ...bootCamp, units: [{ id: "1", side: "germany", type: "armor", hex: [4, 4] }, { id: "2", side: "germany", type: "hq", hex: [4, 3] }, { id: "3", side: "usa", type: "infantry", hex: [5, 4] }, { id: "9", side: "usa", type: "artillery", hex: [6, 4] }] };
  const start = (s: Record<string, unknown>) => warshard.setup({ ...hill, start: s }, {}, rngFromSeed("start"));

  it("§7.3 the defense phase with the Fight declared: the defender owes its support allocation", () => {
    const state = start({ turn: 1, phase: "defense", fights: [{ hex: [5, 4], attackers: ["1"] }] });
    if (isRuleError(state)) throw new Error(state.message);
    expect(state.phase).toBe("defense");
    expect(state.fights).toEqual([{ hex: [5, 4], attackers: ["1"], attackSupport: [], defenceSupport: [] }]);
    expect(warshard.owed(state)).toMatchObject({ seat: "usa", kind: "defensive_support" });
    const partly = start({ turn: 1, phase: "defense", fights: [{ hex: [5, 4], attackers: ["1"], defenceSupport: ["9"] }] });
    if (isRuleError(partly)) throw new Error(partly.message);
    expect(partly.fights[0]!.defenceSupport).toEqual(["9"]);
  });

  it.each([
    [{ turn: 1, phase: "support", fights: [{ hex: [5, 4], attackers: ["1"] }] }, "start.phase", /skipped/],
    [{ turn: 1, phase: "defense", fights: [{ hex: [5, 4], attackers: ["2"] }] }, "start.fights[0].attackers[0]", /2/],
    [{ turn: 1, phase: "defense" }, "start.fights", /needs the Fights/],
    [{ turn: 1, phase: "attack", fights: [{ hex: [5, 4], attackers: ["1"] }] }, "start.fights", /only when/],
    [{ turn: 1, phase: "support", fights: [{ hex: [5, 4], attackers: ["1"], defenceSupport: ["9"] }] }, "start.fights[0].defenceSupport", /defense phase/],
    [{ turn: 1, phase: "defense", fights: [{ hex: [99, 4], attackers: ["1"] }] }, "start.fights[0].hex", /not on the board/],
  ])("§4 refused with the field named: %j", (s, field, message) => {
    const refused = start(s);
    if (!isRuleError(refused)) throw new Error("accepted");
    expect(refused.code).toBe("bad_scenario");
    expect(refused.details?.field).toBe(field);
    expect(refused.message).toMatch(message);
  });
});
