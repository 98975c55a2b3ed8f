import { describe, expect, it } from "vitest";
import { reach, warshard } from "../../../worker/engine/warshard";
import { rngFromSeed } from "../../../worker/engine/rng";
import { play, position, refused, setup } from "./helpers";

describe("§5.1 movement", () => {
  it("§6 the reference's example: 1 enters the defensible [3,4] and the forest [4,4] (8 of 12 half points) and stops in 3's ZoC", () => {
    const s = setup("boot_camp");
    const r = play(s, "germany", { type: "move", unit: "1", path: [[3, 4], [4, 4]] });
    const unit = r.state.units.find((u) => u.id === "1")!;
    expect(unit.hex).toEqual([4, 4]);
    expect(unit.mobilityLeft).toBe(0);
    expect(r.events).toEqual([{ kind: "moved", unit: "1", side: "germany", from: [3, 3], to: [4, 4], path: [[3, 4], [4, 4]], cost: 8, mobilityLeft: 0, zoc: true }]);
  });

  it.each([
    ["plains", 2],
    ["road", 1],
    ["city", 4],
    ["defensible", 4],
    ["forest", 4],
    ["elevation", 4],
    ["bridge", 2],
  ])("§3.2 §5.1 entering %s costs %i half points", (type, cost) => {
    const s = position([{ id: "a", side: "blue", type: "armor", hex: [4, 2] }, { id: "z", side: "red", type: "infantry", hex: [9, 0] }], {
      map: { cols: 10, rows: 10, hexes: [{ hex: [5, 2], type }] },
    });
    const r = play(s, "blue", { type: "move", unit: "a", path: [[5, 2]] });
    expect(r.state.units[0]!.mobilityLeft).toBe(12 - cost);
  });

  const base = () =>
    position(
      [
        { id: "i", side: "blue", type: "infantry", hex: [4, 2] },
        { id: "f", side: "blue", type: "infantry", hex: [4, 3] },
        { id: "e", side: "red", type: "infantry", hex: [8, 0] },
        { id: "x", side: "blue", type: "infantry", hex: [0, 3] },
      ],
      { map: { cols: 10, rows: 10, hexes: [{ hex: [5, 2], type: "water" }, { hex: [3, 2], type: "forest" }] } },
    );

  it.each([
    ["not_adjacent", "i", [[6, 2]], 0],
    ["off_board", "x", [[0, 2], [-1, 2]], 1],
    ["impassable", "i", [[5, 2]], 0],
    ["occupied", "i", [[4, 3]], 0],
    ["no_mobility", "i", [[4, 1], [4, 0], [4, -1]], 2],
    ["no_mobility", "i", [[3, 2], [2, 2]], 1],
  ])("§5.1 §14 a step that is %s rejects the whole move", (reason, unit, path, step) => {
    const s = base();
    const e = refused(s, "blue", { type: "move", unit, path });
    expect(e.code).toBe("illegal_move");
    expect(e.details).toMatchObject({ unit, reason, step });
    const [q, r] = path[step] as [number, number];
    expect(e.details!.offset).toEqual([q, r + Math.floor(q / 2)]);
  });

  it("§5.1 a unit's own start hex is not occupied once it leaves (decision): a path back through it is legal; its start is never a destination", () => {
    const s = position([
      { id: "a", side: "blue", type: "armor", hex: [4, 2] },
      { id: "e", side: "red", type: "infantry", hex: [9, 0] },
    ]);
    const r = play(s, "blue", { type: "move", unit: "a", path: [[4, 1], [4, 2], [4, 3]] });
    expect(r.events[0]).toMatchObject({ from: [4, 2], to: [4, 3], cost: 6, mobilityLeft: 6 });
    expect(reach(s, s.units.find((u) => u.id === "a")!).some((h) => h.hex[0] === 4 && h.hex[1] === 2)).toBe(false);
  });

  it("§5.1 §5.3 a start hex another unit still holds (a stack left by a retreat) stays occupied", () => {
    const s = position([
      { id: "a", side: "blue", type: "armor", hex: [4, 2] },
      { id: "j", side: "blue", type: "infantry", hex: [0, 4] },
      { id: "e", side: "red", type: "infantry", hex: [9, 0] },
    ]);
    const stacked = { ...s, units: s.units.map((u) => (u.id === "j" ? { ...u, hex: [4, 2] as [number, number] } : u)) };
    expect(refused(stacked, "blue", { type: "move", unit: "a", path: [[4, 1], [4, 2], [4, 3]] }).details).toMatchObject({ reason: "occupied", step: 1 });
  });

  it("§5.1 moves carry points over within the phase; points are lost at end_movement", () => {
    let s = base();
    s = play(s, "blue", { type: "move", unit: "i", path: [[4, 1]] }).state;
    s = play(s, "blue", { type: "move", unit: "i", path: [[4, 0]] }).state;
    expect(s.units[0]!.mobilityLeft).toBe(0);
    expect(refused(s, "blue", { type: "move", unit: "i", path: [[4, -1]] }).details).toMatchObject({ reason: "no_mobility" });
  });
});

describe("§5.2 zones of control", () => {
  const s = () =>
    position([
      { id: "a", side: "blue", type: "armor", hex: [4, 2] },
      { id: "e", side: "red", type: "hq", hex: [5, 1] },
      { id: "g", side: "red", type: "infantry", hex: [3, 4] },
    ]);

  it("§5.2 a unit starting in enemy ZoC may leave it, and may step straight into another enemy ZoC hex where it stops", () => {
    // [4,2] is next to the HQ at [5,1]; [4,3] is next to g at [3,4] only
    const r = play(s(), "blue", { type: "move", unit: "a", path: [[4, 3]] });
    expect(r.events[0]).toMatchObject({ zoc: true, mobilityLeft: 0 });
    expect(refused(r.state, "blue", { type: "move", unit: "a", path: [[4, 4]] }).details).toMatchObject({ reason: "no_mobility" });
  });

  it("§5.2 §13 reach marks ZoC hexes and never continues through them", () => {
    const state = s();
    const list = reach(state, state.units[0]!);
    const at = (q: number, r: number) => list.find((x) => x.hex[0] === q && x.hex[1] === r);
    expect(at(4, 3)?.zoc).toBe(true);
    expect(at(4, 1)?.zoc).toBe(true);
    expect(at(5, 1)).toBeUndefined();
    expect(at(2, 3)).toMatchObject({ cost: 4, zoc: false, path: [[3, 2], [2, 3]] });
    expect(at(4, 4)).toBeUndefined();
    // every path stops at its first ZoC hex
    for (const x of list) expect(x.path.slice(0, -1).every((h) => !list.find((y) => y.hex[0] === h[0] && y.hex[1] === h[1])!.zoc)).toBe(true);
  });

  it("§13 reach: cheapest path, ties by fewer steps then the smaller sequence of directions", () => {
    const state = position([{ id: "a", side: "blue", type: "infantry", hex: [4, 2] }, { id: "z", side: "red", type: "infantry", hex: [9, 0] }]);
    const list = reach(state, state.units[0]!);
    // [6,1] is two steps away by directions (0,1) [5,2]->[6,1] or (1,0) [5,1]->[6,1]; (0,1) is smaller
    expect(list.find((x) => x.hex[0] === 6 && x.hex[1] === 1)!.path).toEqual([[5, 2], [6, 1]]);
    expect(list.every((x) => x.cost <= 4)).toBe(true);
  });

  it("§13 legal(unit=) lists exactly that unit's reachable hexes, each accepted by apply", () => {
    const state = s();
    const legal = warshard.legal(state, "blue", { unit: "a" });
    expect(legal.narrowedBy).toEqual(["unit"]);
    const moves = legal.choices.filter((c) => c.action.type === "move");
    expect(moves.length).toBe(reach(state, state.units[0]!).length);
    for (const c of moves) expect(warshard.apply(state, "blue", c.action, rngFromSeed("x"))).toMatchObject({ ok: true });
  });
});
