import { describe, expect, it } from "vitest";
import { musket, unitAnswer } from "../../../worker/engine/musket";
import { fireChance } from "../../../worker/engine/musket/fire";
import { moraleTerms } from "../../../worker/engine/musket/morale";
import { activated, eventOf, floats, kinds, play, position, refused, unit } from "./helpers";

type Hex = [number, number];

describe("§8.2 hit chance (whole percent)", () => {
  const chances: [string, string, number, string, number][] = [
    ["line infantry, open, 1 hex", "line_infantry", 1, "open", 0.65],
    ["line infantry, open, 2 hexes", "line_infantry", 2, "open", 0.65],
    ["line infantry at woods", "line_infantry", 2, "woods", 0.5],
    ["line infantry at a town", "line_infantry", 1, "town", 0.5],
    ["light infantry, open", "light_infantry", 2, "open", 0.5],
    ["light infantry at woods", "light_infantry", 1, "woods", 0.35],
    ["dragoons, open", "dragoons", 2, "open", 0.5],
    ["artillery at 2", "artillery", 2, "open", 0.5],
    ["artillery at 3 (long range)", "artillery", 3, "open", 0.35],
    ["artillery at 4 (long range)", "artillery", 4, "open", 0.35],
    ["artillery at 3 into a town", "artillery", 3, "town", 0.2],
    ["artillery at 4 into woods", "artillery", 4, "woods", 0.2],
  ];
  it.each(chances)("§8.2 %s: %s", (_, type, d, terrain, chance) => {
    const target: Hex = [0, 1 + d];
    const s = activated(position({ units: [{ id: "f", type, hex: [0, 1] }, { id: "t", side: 1, type: "light_infantry", hex: target }], terrain: [[target, terrain]] }), "f", 0);
    expect(fireChance(s, unit(s, "f")!, unit(s, "t")!).percent / 100).toBe(chance);
    expect(unitAnswer(s, "blue", "f").fireTargets).toEqual([{ unit: "t", chance, distance: d }]);
    const fired = play(s, { type: "fire", target: "t" }, floats(0.99));
    expect(eventOf(fired.events, "fired")).toMatchObject({ chance, hit: false, u2: null, damage: 0 });
  });
});

describe("§8.1 legal fire targets", () => {
  const base = () => position({ units: [{ id: "f", hex: [0, 1] }, { id: "far", side: 1, hex: [0, 4] }, { id: "near", side: 1, hex: [1, 1] }, { id: "own", hex: [1, 0] }] });

  it("§8.1 enemies within range with sight; refusals name the reason", () => {
    const s = activated(base(), "f", 0);
    expect(unitAnswer(s, "blue", "f").fireTargets.map((t) => t.unit)).toEqual(["near"]);
    expect(refused(s, { type: "fire", target: "far" }).details).toMatchObject({ reason: "out_of_range" });
    expect(refused(s, { type: "fire", target: "own" }).details).toMatchObject({ reason: "own_unit" });
    expect(refused(s, { type: "fire", target: "ghost" }).code).toBe("unknown_unit");
  });

  it("§8.1 a move_or_fire unit may not fire after moving, nor move after firing; light infantry may do both once", () => {
    const s = activated(base(), "f", 0);
    const moved = play(s, { type: "move", to: [0, 2] }).state;
    expect(refused(moved, { type: "fire", target: "near" }).details).toMatchObject({ reason: "has_moved" });
    const fired = play(s, { type: "fire", target: "near" }, floats(0.99)).state;
    expect(refused(fired, { type: "move", to: [0, 2] }).details).toMatchObject({ reason: "has_fired" });
    expect(refused(fired, { type: "fire", target: "near" }).details).toMatchObject({ reason: "has_fired" });
    const light = activated(position({ units: [{ id: "l", type: "light_infantry", hex: [0, 1] }, { id: "e", side: 1, hex: [0, 3] }] }), "l", 0);
    const after = play(play(light, { type: "fire", target: "e" }, floats(0.99)).state, { type: "move", to: [1, 1] }).state;
    expect(unit(after, "l")!.hex).toEqual([1, 1]);
    const moveFirst = play(play(light, { type: "move", to: [0, 2] }).state, { type: "fire", target: "e" }, floats(0.99));
    expect(kinds(moveFirst.events)).toEqual(["fired"]);
  });

  it("§8.1 horse and light horse never fire", () => {
    const s = activated(position({ units: [{ id: "h", type: "horse", hex: [0, 1] }, { id: "e", side: 1, hex: [0, 2] }] }), "h", 0);
    expect(refused(s, { type: "fire", target: "e" }).details).toMatchObject({ reason: "cannot_fire" });
  });

  it("§8.1 no fire without line of sight", () => {
    const s = activated(position({ units: [{ id: "f", hex: [0, 1] }, { id: "e", side: 1, hex: [0, 3] }], terrain: [[[0, 2], "woods"]] }), "f", 0);
    expect(refused(s, { type: "fire", target: "e" }).details).toMatchObject({ reason: "no_los" });
  });
});

describe("§8.3 fire resolution and §9.3 morale", () => {
  // t2 carries a far-reaching leader, so t is in command unless a test hands it its own leader
  const duel = (targetFields: Record<string, unknown> = {}, leaders: unknown[] = [{ id: "R", unit: "t2", radius: 9 }]) =>
    activated(position({ units: [{ id: "f", hex: [0, 1] }, { id: "t", side: 1, hex: [0, 3], ...targetFields }, { id: "t2", side: 1, hex: [4, 0] }], leaders }), "f", 0);

  it("§8.3 a miss draws once: u1 >= chance", () => {
    const rng = floats(0.65);
    const r = play(duel(), { type: "fire", target: "t" }, rng);
    expect(rng.used).toBe(1);
    expect(kinds(r.events)).toEqual(["fired"]);
    expect(unit(r.state, "f")!.fired).toBe(true);
  });

  it("§8.3 a hit: damage 2 iff u2 < 1/6, then the morale check (pass: nothing more)", () => {
    const r = play(duel(), { type: "fire", target: "t" }, floats(0.6499, 0.16, 0.1));
    expect(eventOf(r.events, "fired")).toMatchObject({ hit: true, u2: 0.16, damage: 2 });
    expect(unit(r.state, "t")!.sp).toBe(2);
    expect(eventOf(r.events, "morale")).toMatchObject({ passed: true, extraHit: false, retreatTo: null });
    const one = play(duel(), { type: "fire", target: "t" }, floats(0.1, 1 / 6, 0.1));
    expect(eventOf(one.events, "fired").damage).toBe(1);
  });

  it("§8.3 a failed morale check: one extra hit and a retreat away from the firer", () => {
    const r = play(duel(), { type: "fire", target: "t" }, floats(0.1, 0.5, 0.9));
    expect(eventOf(r.events, "morale")).toMatchObject({ chance: 0.75, u: 0.9, passed: false, extraHit: true, retreatTo: [0, 4] });
    expect(unit(r.state, "t")).toMatchObject({ sp: 2, hex: [0, 4] });
  });

  it("§8.3 a killing hit eliminates without leader or morale draws, and removes the leader unreplaced", () => {
    const rng = floats(0.1, 0.1);
    const r = play(duel({ sp: 2 }, [{ id: "L", unit: "t", radius: 2 }]), { type: "fire", target: "t" }, rng);
    expect(rng.used).toBe(2);
    expect(kinds(r.events)).toEqual(["fired", "eliminated"]);
    expect(eventOf(r.events, "eliminated")).toMatchObject({ unit: "t", side: 1, hex: [0, 3], leaders: ["L"] });
    expect(r.state.leaders).toEqual([]);
    expect(r.state.eliminated.map((u) => u.id)).toEqual(["t"]);
  });

  it("§8.3 step 5: leader casualty draw before morale; a killed leader passes to the nearest unled friend with radius - 1", () => {
    const r = play(duel({}, [{ id: "L", unit: "t", radius: 2 }]), { type: "fire", target: "t" }, floats(0.1, 0.5, 0.149, 0.5));
    expect(kinds(r.events)).toEqual(["fired", "leader_casualty", "morale"]);
    expect(eventOf(r.events, "leader_casualty")).toMatchObject({ leader: "L", host: "t", u: 0.149, killed: true, successor: { id: "L-r1", unit: "t2", radius: 1 } });
    // after the casualty t has no leader and is out of command: 3/4 - 0.15 = 0.60
    expect(eventOf(r.events, "morale")).toMatchObject({ chance: 0.6, passed: true });
  });

  it("§9.3 SP 1 failing morale: it retreats, then the extra hit eliminates it", () => {
    const r = play(duel({ sp: 2 }), { type: "fire", target: "t" }, floats(0.1, 0.5, 0.99));
    expect(kinds(r.events)).toEqual(["fired", "morale", "eliminated"]);
    expect(eventOf(r.events, "morale").retreatTo).toEqual([0, 4]);
    expect(eventOf(r.events, "eliminated").hex).toEqual([0, 4]);
  });

  const morale: [string, Record<string, unknown>, boolean, number, number][] = [
    ["3 of 4 SP", { sp: 3, maxSp: 4 }, true, 300, 0.75],
    ["3 of 4 SP, elite", { sp: 3, maxSp: 4, elite: true }, true, 360, 0.9],
    ["3 of 4 SP, out of command", { sp: 3, maxSp: 4 }, false, 240, 0.6],
    ["4 of 5 SP, elite, with its leader", { sp: 4, maxSp: 5, elite: true, led: true }, true, 550, 1],
    ["1 of 4 SP, out of command", { sp: 1, maxSp: 4 }, false, 40, 0.1],
  ];
  it.each(morale)("§9.3 morale of a unit at %s", (_, fields, commanded, threshold, chance) => {
    const { led, ...unitFields } = fields as { led?: boolean };
    const leaders = [{ id: "L", unit: led ? "u" : "h", radius: commanded ? 9 : 0 }];
    const s = position({ units: [{ id: "u", hex: [0, 1], ...unitFields }, { id: "h", hex: [5, 0] }], leaders });
    expect(moraleTerms(s, unit(s, "u")!)).toEqual({ threshold, chance });
  });

  it("§9.3 the integer test: u = 0.75 fails at 3 of 4 SP, just below passes", () => {
    const pass = play(duel({ sp: 4 }), { type: "fire", target: "t" }, floats(0.1, 0.5, 0.75 - 2 ** -32));
    expect(eventOf(pass.events, "morale").passed).toBe(true);
    const fail = play(duel({ sp: 4 }), { type: "fire", target: "t" }, floats(0.1, 0.5, 0.75));
    expect(eventOf(fail.events, "morale").passed).toBe(false);
  });
});

describe("§9.4 leader succession", () => {
  it.each([
    ["L", "L-r1"],
    ["L-r1", "L-r1-r2"],
    ["b-L1-r1-r2", "b-L1-r1-r2-r3"],
    ["r-L2", "r-L2-r1"],
  ])("§9.4 %s is succeeded by %s", async (id, next) => {
    const { successorId } = await import("../../../worker/engine/musket/leaders");
    expect(successorId(id)).toBe(next);
  });

  it("§9.4 with no unled friend left no successor appears; radius never drops below 0", () => {
    const s = activated(position({ units: [{ id: "f", hex: [0, 1] }, { id: "t", side: 1, hex: [0, 3] }], leaders: [{ id: "L", unit: "t", radius: 0 }] }), "f", 0);
    const r = play(s, { type: "fire", target: "t" }, floats(0.1, 0.5, 0.0, 0.0));
    expect(eventOf(r.events, "leader_casualty")).toMatchObject({ killed: true, successor: null });
    expect(r.state.leaders).toEqual([]);
    expect(musket.describe(eventOf(r.events, "leader_casualty"))).toContain("nobody");
  });
});
