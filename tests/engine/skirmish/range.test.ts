import { describe, expect, it } from "vitest";
import type { Hex } from "../../../worker/engine/hex";
import type { SkirmishState } from "../../../worker/engine/skirmish";
import { rangeHitSpec, shotAt } from "../../../worker/engine/skirmish/rangeCombat";
import { coverBetween } from "../../../worker/engine/skirmish/sight";
import { eventsOf, GUARD_ARCHER, PATROL_ARCHER, play, positionState, refused } from "./helpers";

const model = (state: SkirmishState, id: string) => state.models.find((m) => m.id === id)!;
const archerAt = (target: Hex, extra: Parameters<typeof positionState>[0]["models"] = {}, terrain: Record<string, Hex[]> = {}, options = {}) =>
  positionState({ models: { a1: { hex: [10, 10], loadout: PATROL_ARCHER }, b1: { hex: target }, ...extra }, terrain }, options);
const spec = (state: SkirmishState) => {
  const shot = shotAt(state, model(state, "a1"), model(state, "b1"));
  if (typeof shot === "string") throw new Error(shot);
  return { shot, modifiers: rangeHitSpec(state, model(state, "a1"), model(state, "b1"), shot).modifiers };
};

describe("§11 range combat", () => {
  it.each([
    ["point-blank at 3 (OR 6)", [10, 7], 0, [{ name: "Point-blank", side: "active", dice: "+1m" }]],
    ["at 5, ORM 0", [10, 5], 0, []],
    ["at 7, ORM 1", [10, 3], 1, [{ name: "Distance", side: "active", dice: "-1m" }]],
    ["at 13, ORM 2", [10, -3], 2, [{ name: "Distance", side: "active", dice: "-2m" }]],
  ] as const)("§11.1 §11.2 %s", (_, target, orm, own) => {
    const { shot, modifiers } = spec(archerAt(target));
    expect(shot.or).toBe(6);
    expect(shot.orm).toBe(orm);
    expect(modifiers).toEqual([...own, { name: "Deflect", side: "passive", dice: "+1m" }]);
  });

  it("§11.1 OR is the smaller of the weapon's and Visibility; ORM above 3 + Shoot is out of range", () => {
    // [4, -2] is 18 hexes from [10, 10]: ORM 4 at night (OR 4)
    const night = archerAt([4, -2], {}, {}, { lighting: "night" });
    expect(shotAt(night, model(night, "a1"), model(night, "b1"))).toBe("out_of_range");
    expect((shotAt(night, model(night, "a1"), model(archerAt([10, -1], {}, {}, { lighting: "night" }), "b1")) as { or: number }).or).toBe(4);
    const s = play(night, "attacker", { type: "activate", model: "a1" }).state;
    expect(refused(s, "attacker", { type: "range_attack", target: "b1" })).toMatchObject({ code: "illegal_target", details: { reason: "out_of_range" } });
  });

  it.each([
    ["soft on the target's hex: direct", { soft: [[10, 3]] }, ["direct"]],
    ["hard next to the target: direct and hard", { hard: [[10, 4]] }, ["direct", "hard"]],
    ["soft between: intervening", { soft: [[10, 7]] }, ["intervening"]],
    ["both", { soft: [[10, 7], [10, 3]] }, ["intervening", "direct"]],
    ["cover on the attacker's own hex counts for nothing", { hard: [[10, 10]] }, []],
  ] as const)("§9.2 %s", (_, terrain, kinds) => {
    const state = archerAt([10, 3], {}, terrain as unknown as Record<string, Hex[]>);
    expect(coverBetween(state.board, [10, 10], [10, 3])).toEqual(kinds);
  });

  it("§9.1 a blocking hex between blocks the shot; §9.3 a model on the line obscures it (-1m)", () => {
    const blocked = play(archerAt([10, 3], {}, { blocking: [[10, 6]] }), "attacker", { type: "activate", model: "a1" }).state;
    expect(refused(blocked, "attacker", { type: "range_attack", target: "b1" })).toMatchObject({ details: { reason: "no_los" } });
    const { shot, modifiers } = spec(archerAt([10, 3], { a2: { hex: [10, 6] } }));
    expect(shot.obscured).toBe(1);
    expect(modifiers).toContainEqual({ name: "Obscured", side: "active", dice: "-1m" });
  });

  it("§9.2 the shot's cover modifiers: intervening -1m, direct -1b; hard cover +1w for the defender's Damage Test", () => {
    const state = play(archerAt([10, 5], {}, { hard: [[10, 5]], soft: [[10, 8]] }), "attacker", { type: "activate", model: "a1" }).state;
    expect(spec(state).modifiers).toEqual([
      { name: "Intervening cover", side: "active", dice: "-1m" },
      { name: "Direct cover", side: "active", dice: "-1b" },
      { name: "Deflect", side: "passive", dice: "+1m" },
    ]);
    // hit: 2b vs 3b 2m: [6,6] vs [1,1,1,1,1] -> 2+4 vs 2: pass 4, carry 2b; damage: 4b 1m vs 2b 1w (Hard cover), all 1s:
    // a tie, 1 wound (AR 2 - Impact 2 = 0); then b1's Fear Test, 2b vs 2b 1m: [6,6] vs [1,1,1]
    const step = play(state, "attacker", { type: "range_attack", target: "b1" }, [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1]);
    const shot = eventsOf(step.events, "range_attack")[0]!;
    expect(shot.cover).toEqual(["intervening", "direct", "hard"]);
    expect(shot.damage!.modifiers).toContainEqual({ name: "Hard cover", side: "passive", dice: "+1w" });
    expect(shot.damage!.passive.pool).toEqual({ b: 2, m: 0, w: 1 });
  });

  it("§3.5 [Reload X]: the bow is out of ammunition after shooting; the crossbow needs two reloads", () => {
    let s = play(archerAt([10, 5]), "attacker", { type: "activate", model: "a1" }).state;
    s = play(s, "attacker", { type: "range_attack", target: "b1" }, [1, 1, 6, 6, 1]).state;
    expect(model(s, "a1").ammo).toBe(1);
    expect(refused(s, "attacker", { type: "range_attack", target: "b1" })).toMatchObject({ details: { reason: "not_loaded" } });
    s = play(s, "attacker", { type: "reload" }).state;
    expect(model(s, "a1").ammo).toBe(0);
    const xbow = positionState({ models: { a1: { hex: [10, 10], loadout: GUARD_ARCHER }, b1: { hex: [10, 5] } } });
    let x = play(xbow, "attacker", { type: "activate", model: "a1" }).state;
    // point-blank (5 <= OR 10 / 2) +1m flattens against Deflect: 2b vs 2b
    x = play(x, "attacker", { type: "range_attack", target: "b1" }, [1, 1, 6, 6]).state;
    expect(model(x, "a1").ammo).toBe(2);
    x = play(x, "attacker", { type: "reload" }).state;
    expect(model(x, "a1").ammo).toBe(1);
    expect(refused(x, "attacker", { type: "reload" })).toMatchObject({ code: "not_enough_ap" });
  });

  it("§11.2 Deflect does not help a defender that is Engaged; §11.1 an engaged shooter may not shoot", () => {
    const state = archerAt([10, 5], { a2: { hex: [10, 4] } });
    expect(spec(state).modifiers).not.toContainEqual({ name: "Deflect", side: "passive", dice: "+1m" });
    const engaged = play(archerAt([10, 5], { b2: { hex: [11, 10] } }), "attacker", { type: "activate", model: "a1" }).state;
    expect(refused(engaged, "attacker", { type: "range_attack", target: "b1" })).toMatchObject({ details: { reason: "not_free" } });
  });
});
