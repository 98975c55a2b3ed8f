import { describe, expect, it } from "vitest";
import { skirmish } from "../../../worker/engine/skirmish";
import { closeHitSpec } from "../../../worker/engine/skirmish/closeCombat";
import { eventsOf, play, positionState, REGULAR_SPEAR, refused } from "./helpers";
import type { SkirmishState } from "../../../worker/engine/skirmish";

const model = (state: SkirmishState, id: string) => state.models.find((m) => m.id === id)!;
const activated = (state: SkirmishState, id = "a1") => play(state, "attacker", { type: "activate", model: id }).state;

describe("§8.1 Move", () => {
  it("§8.1 allowance MOV' + 2: four clear hexes for an Average model; rough, soft and hard cost 2", () => {
    const s = activated(positionState({ models: { a1: { hex: [10, 5] } }, terrain: { rough: [[10, 3]] } }));
    const moves = skirmish.legal(s, "attacker").choices.filter((c) => c.action.type === "move");
    const far = moves.map((c) => c.to!).filter((h) => Math.max(Math.abs(h[0] - 10), Math.abs(h[1] - 5), Math.abs(h[0] + h[1] - 15)) === 4);
    expect(far.length).toBeGreaterThan(0);
    expect(moves.some((c) => c.to![0] === 10 && c.to![1] === 0)).toBe(false);
    expect(refused(s, "attacker", { type: "move", path: [[10, 4], [10, 3], [10, 2], [10, 1]] })).toMatchObject({ code: "illegal_move", details: { reason: "too_far", hex: [10, 1] } });
    const step = play(s, "attacker", { type: "move", path: [[10, 4], [10, 3], [10, 2]] });
    expect(eventsOf(step.events, "moved")[0]).toMatchObject({ cost: 4, to: [10, 2], charging: null, engages: [] });
    expect(step.state.activation!.ap).toBe(1);
  });

  it("§8.1 the stop rule: entering a hex next to an attentive, ordered enemy ends the move; a distracted enemy does not stop it", () => {
    const spec = { models: { a1: { hex: [10, 5] as [number, number] }, b1: { hex: [12, 2] as [number, number] } } };
    const s = activated(positionState(spec));
    expect(refused(s, "attacker", { type: "move", path: [[10, 4], [11, 3], [11, 2]] })).toMatchObject({ details: { reason: "past_stop_hex", hex: [11, 3] } });
    const distracted = activated(positionState({ models: { ...spec.models, b1: { hex: [12, 2], delay: 1 } } }));
    expect(play(distracted, "attacker", { type: "move", path: [[10, 4], [11, 3], [11, 2]] }).state.models[0]!.hex).toEqual([11, 2]);
  });

  it("§17 illegal_move reasons name the hex", () => {
    const s = activated(positionState({ models: { a1: { hex: [0, 1] }, a2: { hex: [1, 1] } }, terrain: { blocking: [[0, 2]] } }));
    expect(refused(s, "attacker", { type: "move", path: [[-1, 1]] })).toMatchObject({ details: { reason: "off_board", hex: [-1, 1] } });
    expect(refused(s, "attacker", { type: "move", path: [[0, 2]] })).toMatchObject({ details: { reason: "blocking", hex: [0, 2] } });
    expect(refused(s, "attacker", { type: "move", path: [[1, 1]] })).toMatchObject({ details: { reason: "occupied", hex: [1, 1] } });
    expect(refused(s, "attacker", { type: "move", path: [[2, 1]] })).toMatchObject({ details: { reason: "not_adjacent", hex: [2, 1] } });
  });

  it("§8.1 an engaged model may not Move; §2.2 crossing the midline is recorded with the first crosser", () => {
    const engaged = activated(positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [11, 5] } } }));
    expect(refused(engaged, "attacker", { type: "move", path: [[9, 5]] })).toMatchObject({ code: "illegal_move", details: { reason: "engaged" } });
    // [10, 7] is offset row 12 (south half), [10, 6] row 11
    const s = activated(positionState({ models: { a1: { hex: [10, 7] } } }));
    const moved = play(s, "attacker", { type: "move", path: [[10, 6]] }).state;
    expect(model(moved, "a1").crossedMidline).toBe(true);
    expect(moved.firstCrosser).toBe(0);
  });
});

describe("§8.2 charge bookkeeping and §10.2 Charge and Perimeter", () => {
  const start = () => activated(positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [10, 2], loadout: REGULAR_SPEAR } } }));

  it("§8.2 a clear move from 2+ hexes away, in LOS, that ends in contact is a charging move: +1m Charge; Perimeter +1m for the defender", () => {
    const step = play(start(), "attacker", { type: "move", path: [[10, 4], [10, 3]] });
    expect(eventsOf(step.events, "moved")[0]).toMatchObject({ charging: "b1", engages: ["b1"] });
    const spec = closeHitSpec(step.state, model(step.state, "a1"), model(step.state, "b1"));
    expect(spec.modifiers).toContainEqual({ name: "Charge", side: "active", dice: "+1m" });
    expect(spec.modifiers).toContainEqual({ name: "Perimeter", side: "passive", dice: "+1m" });
    // push does not count as an action between the charging move and the attack
    const pushed = play(step.state, "attacker", { type: "push" }).state;
    expect(closeHitSpec(pushed, model(pushed, "a1"), model(pushed, "b1")).modifiers).toContainEqual({ name: "Charge", side: "active", dice: "+1m" });
  });

  it("§8.2 a move through rough ground is no charging move", () => {
    const s = activated(positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [10, 2] } }, terrain: { rough: [[10, 4]] } }));
    const step = play(s, "attacker", { type: "move", path: [[10, 4], [10, 3]] });
    expect(eventsOf(step.events, "moved")[0]).toMatchObject({ charging: null, engages: ["b1"] });
  });
});

describe("§8.3 Disengage", () => {
  it("§8.3 REF vs the opponent's CCA with +1b; a pass moves the model along its path", () => {
    const s = activated(positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [11, 5] } } }));
    // a1 3b vs b1 2b (Sword, Broad has no accuracy): [6,6,1] vs [1,1]
    const step = play(s, "attacker", { type: "disengage", path: [[9, 5], [8, 5]] }, [6, 6, 1, 1, 1]);
    const e = eventsOf(step.events, "disengaged")[0]!;
    expect(e).toMatchObject({ opponent: "b1", automatic: false, passed: true, to: [8, 5] });
    expect(e.test!.active).toMatchObject({ attr: "REF", pool: { b: 3, m: 0, w: 0 } });
    expect(step.state.activation!.ap).toBe(1);
    // a failed disengage leaves the model where it was
    const fail = play(s, "attacker", { type: "disengage", path: [[9, 5]] }, [1, 1, 1, 6, 6]);
    expect(model(fail.state, "a1").hex).toEqual([10, 5]);
  });

  it("§8.3 no Ordered enemy adjacent: an automatic pass at 0 AP; a second disengage gives a Delay token", () => {
    const s = activated(positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [11, 5], fear: 2 } } }));
    const step = play(s, "attacker", { type: "disengage", path: [[9, 5]] });
    expect(eventsOf(step.events, "disengaged")[0]).toMatchObject({ automatic: true, opponent: null });
    expect(step.state.activation!.ap).toBe(2);
    expect(refused(s, "attacker", { type: "disengage", path: [[9, 5], [8, 5], [7, 5]] })).toMatchObject({ details: { reason: "too_far" } });
    const free = positionState({ models: { a1: { hex: [10, 5] } } });
    expect(refused(activated(free), "attacker", { type: "disengage", path: [[9, 5]] })).toMatchObject({ details: { reason: "not_engaged" } });
  });
});
