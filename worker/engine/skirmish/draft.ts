/**
 * The working copy an action resolves on: a deep copy of the state but its board (the caller's
 * state is never touched), the events so far, the action's Rng and who was wounded during it (12.2).
 */
import type { Rng } from "../rng";
import type { SkirmishEvent } from "./events";
import type { ModelState, SkirmishState } from "./state";

export interface Draft {
  state: SkirmishState;
  events: SkirmishEvent[];
  rng: Rng;
  woundedThisAction: string[];
}

export function draftOf(state: SkirmishState, rng: Rng): Draft {
  // the board is never changed by play: sharing it keeps its terrain index (board.ts) warm across actions
  const { board, ...rest } = state;
  return { state: { ...(JSON.parse(JSON.stringify(rest)) as Omit<SkirmishState, "board">), board }, events: [], rng, woundedThisAction: [] };
}

export function model(draft: Draft, id: string): ModelState {
  const m = draft.state.models.find((x) => x.id === id);
  if (!m) throw new Error(`no model ${id}`);
  return m;
}
