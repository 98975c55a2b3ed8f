import { describe, expect, it } from "vitest";
import { legalAnswer, skirmish, type ActivationAnswer, type SkirmishState } from "../../../worker/engine/skirmish";
import { diceFor, selfPlay } from "../selfplay";
import { play, positionState, REGULAR_SPEAR } from "./helpers";

describe("§16 the legal answer in the reference's shape", () => {
  it("§16 a seat not to act gets the phase, turn and who acts; the side to act gets its lists", () => {
    const state = positionState({ models: { a1: { hex: [10, 5] }, a2: { hex: [2, 22], done: true } }, turn: 2 });
    expect(legalAnswer(state, "defender")).toEqual({ phase: "turn", turn: 2, toAct: ["attacker"] });
    expect(legalAnswer(state, "attacker")).toEqual({ phase: "turn", turn: 2, initiative: "attacker", activatable: ["a1", "a3", "a4"] });
  });

  it("§16 an activation: moves with cost, path and engages; disengage with its opponent; close targets", () => {
    const state = play(positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [11, 5], loadout: REGULAR_SPEAR }, b2: { hex: [10, 4], status: "ko", wounds: 3 } } }), "attacker", { type: "activate", model: "a1" }).state;
    const answer = legalAnswer(state, "attacker") as ActivationAnswer;
    expect(answer).toMatchObject({ model: "a1", ap: 2, compulsory: null, push: true, moves: [], reload: false, rallyTargets: [], endActivation: true });
    expect(answer.closeTargets).toEqual([
      { model: "b1", coupDeGrace: false },
      { model: "b2", coupDeGrace: true },
    ]);
    expect(answer.disengage!.opponent).toBe("b1");
  });

  it("§16 in every position of a bot game the answer's lists match the contract's choices", () => {
    const game = selfPlay<SkirmishState>(skirmish, "small-clash", {}, "answer", 400);
    let state = game.initial;
    let turn = 0;
    for (const { seat, action } of game.log.slice(0, 200)) {
      const answer = legalAnswer(state, seat);
      const choices = skirmish.legal(state, seat).choices;
      const count = (type: string) => choices.filter((c) => c.action.type === type).length;
      if ("model" in answer && "moves" in answer) {
        if (answer.compulsory) expect(answer.compulsory.options.length).toBe(choices.filter((c) => c.action.type !== "push").length);
        else {
          expect(answer.moves.length).toBe(count("move"));
          expect(answer.disengage?.paths.length ?? 0).toBe(count("disengage"));
          expect(answer.closeTargets.length).toBe(count("close_attack"));
          expect(answer.rangeTargets.length).toBe(count("range_attack"));
          expect(answer.rallyTargets.length).toBe(count("rally"));
          expect(answer.reload).toBe(count("reload") === 1);
        }
        expect(answer.push).toBe(count("push") === 1);
      }
      const applied = skirmish.apply(state, seat, action, diceFor("answer", turn++));
      if (!applied.ok) break;
      state = applied.state;
    }
  });
});
