/**
 * The turn cycle (skirmish.md 6.2-6.4): start of turn and initiative, alternating
 * activations, end of turn with Bottle Tests and the END dice, and the end of the game
 * whenever a side has no model in play.
 */
import { model, type Draft } from "./draft";
import { rollInitiative } from "./initiative";
import { bottleTest } from "./morale";
import { inPlay } from "./status";
import { finish, sideWiped } from "./victory";
import { otherSide, rowOpen, sideModels, type SideIndex, type SkirmishState } from "./state";

/** END dice: a face of 1-3 ends the game (6.4). */
export const END_DIE_ENDS = (face: number): boolean => face <= 3;

export const hasReady = (state: SkirmishState, side: SideIndex): boolean => sideModels(state, side).some((m) => inPlay(m) && !m.done);

export function startTurn(draft: Draft): void {
  const state = draft.state;
  for (const m of state.models) {
    m.done = false;
    m.fearTestedThisTurn = false;
    m.ralliedThisTurn = false;
  }
  draft.events.push({ kind: "turn_started", turn: state.turn });
  const winner = rollInitiative(draft);
  state.initiativeSide = winner;
  state.activeSide = winner;
  state.activationsThisRow = 0;
  state.phase = "turn";
}

function endOfTurn(draft: Draft): void {
  const state = draft.state;
  bottleTest(draft, state.initiativeSide);
  bottleTest(draft, otherSide(state.initiativeSide));
  if (sideWiped(state)) return finish(draft, "no_models_in_play");
  if (state.endDice > 0) {
    const faces = Array.from({ length: state.endDice }, () => draft.rng.d6());
    const ended = faces.some(END_DIE_ENDS);
    draft.events.push({ kind: "end_dice", turn: state.turn, faces, ended });
    if (ended) return finish(draft, "end_dice");
  }
  if (state.turn >= state.endGameFromTurn) state.endDice += 1;
  state.turn += 1;
  startTurn(draft);
}

/**
 * Whose activation comes next once one ends: the other side if it has a Ready model (6.3); with
 * the variant "activations in a row" (VARIANTS.md) the side keeps it until it has made its row.
 */
export function passInitiative(draft: Draft): void {
  const state = draft.state;
  if (sideWiped(state)) return finish(draft, "no_models_in_play");
  const other = otherSide(state.activeSide);
  if (rowOpen(state) && hasReady(state, state.activeSide)) return;
  if (hasReady(state, other)) {
    state.activeSide = other;
    state.activationsThisRow = 0;
  } else if (!hasReady(state, state.activeSide)) endOfTurn(draft);
}

export function endActivation(draft: Draft, reason: "end_activation" | "left_play"): void {
  const state = draft.state;
  const activation = state.activation;
  if (!activation) return;
  const m = model(draft, activation.model);
  if (inPlay(m)) m.done = true;
  state.activation = null;
  draft.events.push({ kind: "activation_ended", model: m.id, reason });
  passInitiative(draft);
}

/** After every action: the game ends at once if a side has no model in play; a model that left play ends its activation (6.3). */
export function settle(draft: Draft): void {
  const state = draft.state;
  if (state.phase !== "turn") return;
  if (sideWiped(state)) return finish(draft, "no_models_in_play");
  const activation = state.activation;
  if (activation && !inPlay(model(draft, activation.model))) endActivation(draft, "left_play");
}
