import { describe, expect, it } from "vitest";
import type { SkirmishState } from "../../../worker/engine/skirmish";
import { moveAllowance } from "../../../worker/engine/skirmish/movement";
import { stepDice } from "../../../worker/engine/skirmish/sight";
import { attribute, burden, cohesionRange, engaged, hindranceTypes } from "../../../worker/engine/skirmish/status";
import { eventsOf, play, positionState, REGULAR_SPEAR } from "./helpers";

const model = (state: SkirmishState, id: string) => state.models.find((m) => m.id === id)!;
const GUARD_MEDIUM = { archetype: "Veteran", melee: "Sword, Broad", suit: "Armor, Medium", shield: "Shield, Medium" };

describe("§5 derived values", () => {
  it("§5.2 Laden burden max(0, 1 + Laden - Physicality): MOV always, CCA and REF unless Attentive and Ordered", () => {
    const state = positionState({ models: { a1: { hex: [10, 5], loadout: GUARD_MEDIUM }, a2: { hex: [12, 5], loadout: GUARD_MEDIUM, delay: 1 }, b1: { hex: [16, 5], loadout: { archetype: "Veteran", melee: "Sword, Broad", suit: "Armor, Light", shield: "Shield, Medium" } }, b2: { hex: [18, 5], loadout: GUARD_MEDIUM, fear: 2 } } });
    const [a1, a2, b2] = [model(state, "a1"), model(state, "a2"), model(state, "b2")];
    expect(burden(a1)).toBe(1);
    expect([attribute(a1, "MOV"), attribute(a1, "CCA"), attribute(a1, "REF")]).toEqual([1, 3, 3]);
    expect([attribute(a2, "CCA"), attribute(a2, "REF")]).toEqual([2, 2]);
    expect([attribute(b2, "CCA"), attribute(b2, "REF")]).toEqual([2, 2]);
    expect(moveAllowance(a1)).toBe(3);
    // the shipped Guard in Armor, Light carries 2 Laden: no burden (15)
    expect(burden(model(state, "b1"))).toBe(0);
  });

  it("§5.1 one Hindrance per type held (Wound, Fear, Delay), whatever the count", () => {
    const state = positionState({ models: { a1: { hex: [10, 5], wounds: 2, fear: 1, delay: 2 }, a2: { hex: [12, 5], fear: 3 } } });
    expect(hindranceTypes(model(state, "a1"))).toBe(3);
    expect(hindranceTypes(model(state, "a2"))).toBe(1);
  });

  it("§3.7 Engaged: next to an In-Play enemy that is not Panicked; a KO'd model engages nobody", () => {
    const state = positionState({ models: { a1: { hex: [10, 5] }, a2: { hex: [14, 5] }, a3: { hex: [18, 5] }, b1: { hex: [11, 5] }, b2: { hex: [15, 5], fear: 3 }, b3: { hex: [19, 5], status: "ko", wounds: 3 } } });
    expect(["a1", "a2", "a3"].map((id) => engaged(state, model(state, id)))).toEqual([true, false, false]);
  });

  it("§3.7 Cohesion: min(floor(Visibility / 2), 4): 4 by day and twilight, 2 at night", () => {
    const spec = { models: { a1: { hex: [10, 5] as [number, number] } } };
    expect(["day", "twilight", "night"].map((lighting) => cohesionRange(positionState(spec, { lighting })))).toEqual([4, 4, 2]);
  });

  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [4, 2],
    [5, 3],
    [9, 3],
    [10, 4],
    [15, 4],
  ])("§9.3 §10.2 %i models or helpers more: %i dice", (count, dice) => {
    expect(stepDice(count)).toBe(dice);
  });
});

describe("§12.1 option koIsElimination", () => {
  it("§12.1 with koIsElimination yes every KO is an elimination", () => {
    const state = positionState({ models: { a1: { hex: [10, 5], loadout: REGULAR_SPEAR }, b1: { hex: [11, 5], wounds: 2 } } }, { koIsElimination: "yes" });
    const s = play(state, "attacker", { type: "activate", model: "a1" }).state;
    const step = play(s, "attacker", { type: "close_attack", target: "b1" }, [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(eventsOf(step.events, "status")).toEqual([{ kind: "status", model: "b1", status: "eliminated", cause: "ko_rule" }]);
  });
});
