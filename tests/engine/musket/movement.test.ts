import { describe, expect, it } from "vitest";
import { musket, unitAnswer } from "../../../worker/engine/musket";
import { commandPercent, inCommand } from "../../../worker/engine/musket/command";
import { activated, eventOf, floats, play, position, refused, unit } from "./helpers";

const targets = (s: ReturnType<typeof position>, id: string) => unitAnswer(s, musket.toAct(s)[0]!, id).moveTargets;
const hexes = (s: ReturnType<typeof position>, id: string) => targets(s, id).map((t) => t.hex);

describe("§5.3 command check", () => {
  const leaderAt = (hex: [number, number], radius: number, extra: { id: string; side?: 0 | 1; hex: [number, number] }[] = []) =>
    position({ units: [{ id: "host", hex }, { id: "u", hex: [0, 4] }, ...extra], leaders: [{ id: "L", unit: "host", radius }] });

  it.each([
    ["within the radius", [0, 3], 2, 100],
    ["on the radius (inclusive)", [0, 2], 2, 100],
    ["just beyond the radius", [0, 1], 2, 50],
    ["beyond twice the radius", [0, 0], 1, 35],
    ["at exactly twice the radius", [0, 2], 1, 50],
  ] as const)("§5.3 a unit %s of its leader's host", (_, hex, radius, percent) => {
    const s = leaderAt([hex[0], hex[1]], radius);
    expect(commandPercent(s, unit(s, "u")!)).toBe(percent);
  });

  it("§5.3 a host commands itself even with radius 0; enemy leaders never count; no leader at all is 50%", () => {
    const s = position({ units: [{ id: "host", hex: [0, 4] }, { id: "foe", side: 1, hex: [1, 4] }, { id: "u", hex: [5, 0] }], leaders: [{ id: "L", unit: "foe", radius: 3 }, { id: "M", unit: "host", radius: 0 }] });
    expect(inCommand(s, unit(s, "host")!)).toBe(true);
    expect(commandPercent(s, unit(s, "u")!)).toBe(35);
    const lone = position({ units: [{ id: "u", hex: [0, 4] }] });
    expect(commandPercent(lone, unit(lone, "u")!)).toBe(50);
  });

  it("§5.3 the nearest leader decides the penalty; a tie goes to the lowest leader id", () => {
    // both hosts 3 away: B (radius 1, twice = 2 < 3) is lower than C (radius 2, twice = 4)
    const s = position({ units: [{ id: "hb", hex: [0, 1] }, { id: "hc", hex: [3, 4] }, { id: "u", hex: [0, 4] }], leaders: [{ id: "C", unit: "hc", radius: 2 }, { id: "B", unit: "hb", radius: 1 }] });
    expect(commandPercent(s, unit(s, "u")!)).toBe(35);
  });

  it("§5.3 in command: no draw; out of command: one draw, pass iff u < chance", () => {
    const s = position({ units: [{ id: "host", hex: [0, 0] }, { id: "u", hex: [0, 4] }], leaders: [{ id: "L", unit: "host", radius: 1 }] });
    const rng = floats();
    const ok = play(s, { type: "activate", unit: "host" }, rng);
    expect(rng.used).toBe(0);
    expect(ok.events[0]).toMatchObject({ kind: "activated", inCommand: true, chance: 1, u: null, passed: true });
    const fail = play(s, { type: "activate", unit: "u" }, floats(0.35));
    expect(fail.events.map((e) => e.kind)).toEqual(["activated", "activation_ended"]);
    expect(fail.events[0]).toMatchObject({ chance: 0.35, u: 0.35, passed: false });
    expect(fail.state.step).toBe("awaiting_activation");
    expect(unit(fail.state, "u")!.activated).toBe(true);
    const pass = play(s, { type: "activate", unit: "u" }, floats(0.3499));
    expect(pass.state.step).toBe("action");
    expect(pass.state.activeUnit).toBe("u");
  });
});

describe("§6 movement", () => {
  it("§6.1-6.2 a 2-MP unit reaches two hexes; enemies block, friends block, the start is never a target", () => {
    const s = activated(position({ units: [{ id: "d", type: "dragoons", hex: [3, 3] }, { id: "f", hex: [3, 2] }, { id: "e", side: 1, hex: [4, 2] }] }), "d", 0);
    const t = hexes(s, "d");
    // 18 hexes within 2, less the friend, the enemy, and the three hexes reached only through them
    expect(t).toHaveLength(13);
    expect(t).not.toContainEqual([3, 1]);
    expect(t).not.toContainEqual([3, 3]);
    expect(t).not.toContainEqual([3, 2]);
    expect(t).not.toContainEqual([4, 2]);
    expect(targets(s, "d").find((m) => m.hex[0] === 2 && m.hex[1] === 2)).toEqual({ hex: [2, 2], cost: 2, usesRoad: false });
  });

  it("§6.2 light infantry passes through friends but never ends on them; others cannot", () => {
    const units = [{ id: "a", type: "light_infantry", hex: [0, 1] as [number, number] }, { id: "b", hex: [0, 2] as [number, number] }];
    const s = activated(position({ units: [...units, { id: "c", type: "dragoons", hex: [2, 0] }] }), "a", 0);
    expect(hexes(s, "a")).not.toContainEqual([0, 2]);
    // a 1-MP unit cannot reach past a friend anyway; check with dragoons and a light unit of 1 MP by the reach rule
    const d = activated(position({ units: [{ id: "d", type: "dragoons", hex: [0, 1] }, { id: "b", hex: [0, 2] }, { id: "x", hex: [1, 1] }, { id: "y", hex: [1, 0] }] }), "d", 0);
    expect(hexes(d, "d")).not.toContainEqual([0, 3]);
  });

  it.each([
    ["woods", "light_infantry", true],
    ["woods", "line_infantry", false],
    ["town", "line_infantry", true],
    ["town", "dragoons", false],
    ["town", "artillery", false],
    ["marsh", "light_infantry", false],
    ["river", "line_infantry", false],
    ["ford", "horse", true],
    ["hilltop", "artillery", true],
  ] as const)("§6.2 a %s hex next door is a target for %s: %s", (terrain, type, enters) => {
    const s = activated(position({ units: [{ id: "u", type, hex: [0, 1] }], terrain: [[[0, 2], terrain]] }), "u", 0);
    expect(hexes(s, "u").some((h) => h[0] === 0 && h[1] === 2)).toBe(enters);
  });

  it("§6.2 move refusals name the reason", () => {
    const s = activated(position({ units: [{ id: "u", hex: [0, 1] }, { id: "f", hex: [1, 1] }], terrain: [[[0, 2], "woods"]] }), "u", 0);
    expect(refused(s, { type: "move", to: [0, 9] }).details).toMatchObject({ reason: "off_board" });
    expect(refused(s, { type: "move", to: [0, 2] }).details).toMatchObject({ reason: "terrain" });
    expect(refused(s, { type: "move", to: [1, 1] }).details).toMatchObject({ reason: "occupied" });
    expect(refused(s, { type: "move", to: [0, 4] }).details).toMatchObject({ reason: "out_of_reach" });
    const moved = play(s, { type: "move", to: [1, 0] }).state;
    expect(refused(moved, { type: "move", to: [2, 0] })).toMatchObject({ code: "illegal_move", details: { reason: "no_mp" } });
  });

  it("§6.1 a 2-MP unit may move one hex, then one more", () => {
    let s = activated(position({ units: [{ id: "d", type: "dragoons", hex: [3, 3] }] }), "d", 0);
    s = play(s, { type: "move", to: [3, 2] }).state;
    expect(unit(s, "d")!.mpUsed).toBe(1);
    s = play(s, { type: "move", to: [3, 1] }).state;
    expect(unit(s, "d")!.mpUsed).toBe(2);
    expect(hexes(s, "d")).toEqual([]);
  });
});

describe("§6.3 road bonus", () => {
  const road: [[number, number], string][] = [0, 1, 2, 3, 4, 5, 6, 7].map((c) => [[c, 2 - Math.floor(c / 2)], "road"]);

  it("§6.3 a unit starting on a road gets one extra hex along the road, flagged usesRoad", () => {
    const s = activated(position({ units: [{ id: "u", hex: [1, 2] }], terrain: road }), "u", 0);
    expect(targets(s, "u").filter((t) => t.usesRoad)).toEqual([{ hex: [3, 1], cost: 2, usesRoad: true }]);
    const after = play(s, { type: "move", to: [3, 1] }).state;
    expect(unit(after, "u")!.mpUsed).toBe(2);
    expect(hexes(after, "u")).toEqual([]);
  });

  it("§6.3 the bonus holds over two moves on the road, and is lost by leaving the road", () => {
    let s = activated(position({ units: [{ id: "u", hex: [1, 2] }], terrain: road }), "u", 0);
    s = play(s, { type: "move", to: [2, 1] }).state;
    expect(unit(s, "u")!.roadOk).toBe(true);
    expect(targets(s, "u")).toEqual([{ hex: [1, 2], cost: 1, usesRoad: true }, { hex: [3, 1], cost: 1, usesRoad: true }]);
    s = play(s, { type: "move", to: [3, 1] }).state;
    expect(unit(s, "u")!.mpUsed).toBe(2);
    expect(targets(s, "u")).toEqual([]);
    const d = activated(position({ units: [{ id: "d", type: "dragoons", hex: [1, 2] }], terrain: road }), "d", 0);
    const off = play(d, { type: "move", to: [1, 3] }).state;
    expect(unit(off, "d")!.roadOk).toBe(false);
    expect(targets(off, "d").every((t) => !t.usesRoad && t.cost === 1)).toBe(true);
  });

  it("§6.3 no road hex entered may be next to an enemy; a unit off the road gets no bonus", () => {
    const s = activated(position({ units: [{ id: "u", hex: [1, 2] }, { id: "e", side: 1, hex: [4, 1] }], terrain: road }), "u", 0);
    expect(targets(s, "u").filter((t) => t.usesRoad)).toEqual([]);
    const off = activated(position({ units: [{ id: "u", hex: [1, 3] }], terrain: road }), "u", 0);
    expect(targets(off, "u").filter((t) => t.usesRoad)).toEqual([]);
  });
});

describe("§6.4 difficult terrain check", () => {
  const onHill = (type = "line_infantry") => activated(position({ units: [{ id: "u", type, hex: [0, 1] }, { id: "e", side: 1, hex: [0, 3] }], terrain: [[[0, 1], "hilltop"]] }), "u", 0);

  it("§6.4 leaving a hilltop: u >= 0.5 passes (exactly 0.5 included)", () => {
    const r = play(onHill(), { type: "move", to: [1, 1] }, floats(0.5));
    expect(r.events.map((e) => e.kind)).toEqual(["terrain_check", "moved"]);
    expect(unit(r.state, "u")!.hex).toEqual([1, 1]);
  });

  it("§6.4 a failed check: the unit stays, all MP spent, it can no longer fire; the step stays action", () => {
    const r = play(onHill(), { type: "move", to: [1, 1] }, floats(0.4999));
    expect(eventOf(r.events, "moved")).toMatchObject({ from: [0, 1], to: [0, 1], cost: 0, moved: false });
    expect(r.state.step).toBe("action");
    expect(unit(r.state, "u")!.mpUsed).toBe(1);
    expect(refused(r.state, { type: "fire", target: "e" }).details).toMatchObject({ reason: "has_moved" });
    expect(musket.legal(r.state, "blue").choices.map((c) => c.action.type)).toEqual(["end_activation"]);
  });

  it("§6.4 light infantry never checks; entering a hilltop needs no check", () => {
    const rng = floats();
    play(onHill("light_infantry"), { type: "move", to: [1, 1] }, rng);
    const flat = activated(position({ units: [{ id: "u", hex: [0, 2] }], terrain: [[[0, 1], "hilltop"]] }), "u", 0);
    play(flat, { type: "move", to: [0, 1] }, rng);
    expect(rng.used).toBe(0);
  });
});
