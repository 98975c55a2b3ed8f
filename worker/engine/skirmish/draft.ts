/**
 * The working copy an action resolves on (the caller's state is never touched), the events so far,
 * the action's Rng and who was wounded during it (12.2).
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

/**
 * Copies only what an action may change in place: each model's own fields, the sides' records and
 * the activation. Everything else (the board, profiles, hexes, the scenario, the outcome) is shared
 * with the caller's state, because play only ever replaces those, never edits them.
 */
export function draftOf(state: SkirmishState, rng: Rng): Draft {
  const activation = state.activation && { ...state.activation, contactMovedInto: [...state.activation.contactMovedInto] };
  // the board goes last, where the drafts have always put it, so a state's JSON keeps its key order
  const { board, ...rest } = state;
  const draft: SkirmishState = {
    ...rest,
    sides: [{ ...state.sides[0] }, { ...state.sides[1] }],
    models: state.models.map((m) => ({ ...m })),
    activation,
    board,
  };
  return { state: draft, events: [], rng, woundedThisAction: [] };
}

export function model(draft: Draft, id: string): ModelState {
  const m = draft.state.models.find((x) => x.id === id);
  if (!m) throw new Error(`no model ${id}`);
  return m;
}
