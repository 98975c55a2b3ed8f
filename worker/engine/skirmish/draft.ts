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
  const sides: SkirmishState["sides"] = [{ ...state.sides[0] }, { ...state.sides[1] }];
  const models = state.models.map(copyModel);
  return { state: draftState(state, sides, models, activation), events: [], rng, woundedThisAction: [] };
}

// a model's fields in the orders setup gives them (setup.ts): a fresh model's, and one placed by a
// scenario's position (scenario.ts)
const FRESH_KEYS = ["id", "side", "name", "profile", "hex", "wounds", "delay", "fear", "status", "bottled", "done", "ammo", "fearTestedThisTurn", "ralliedThisTurn", "crossedMidline"];
const PLACED_KEYS = ["id", "side", "name", "profile", "hex", "status", "wounds", "delay", "fear", "ammo", "bottled", "done", "fearTestedThisTurn", "ralliedThisTurn", "crossedMidline"];

function keysAre(m: ModelState, keys: readonly string[]): boolean {
  let n = 0;
  for (const key in m) if (key !== keys[n++]) return false;
  return n === keys.length;
}

/** A model's copy with its keys in its order: written out in one of setup's orders (a spread makes a slow object), else spread. */
function copyModel(m: ModelState): ModelState {
  if (keysAre(m, FRESH_KEYS)) {
    return {
      id: m.id,
      side: m.side,
      name: m.name,
      profile: m.profile,
      hex: m.hex,
      wounds: m.wounds,
      delay: m.delay,
      fear: m.fear,
      status: m.status,
      bottled: m.bottled,
      done: m.done,
      ammo: m.ammo,
      fearTestedThisTurn: m.fearTestedThisTurn,
      ralliedThisTurn: m.ralliedThisTurn,
      crossedMidline: m.crossedMidline,
    };
  }
  if (keysAre(m, PLACED_KEYS)) {
    return {
      id: m.id,
      side: m.side,
      name: m.name,
      profile: m.profile,
      hex: m.hex,
      status: m.status,
      wounds: m.wounds,
      delay: m.delay,
      fear: m.fear,
      ammo: m.ammo,
      bottled: m.bottled,
      done: m.done,
      fearTestedThisTurn: m.fearTestedThisTurn,
      ralliedThisTurn: m.ralliedThisTurn,
      crossedMidline: m.crossedMidline,
    };
  }
  return { ...m };
}

// the board goes last, where the drafts have always put it, so a state's JSON keeps its key order
function draftState(state: SkirmishState, sides: SkirmishState["sides"], models: SkirmishState["models"], activation: SkirmishState["activation"]): SkirmishState {
  if (state.activationsInARow === undefined || state.activationsThisRow === undefined) {
    // a game from before the variant (VARIANTS.md): its fields as they are
    const { board, ...rest } = state;
    return { ...rest, sides, models, activation, board };
  }
  // one literal of every field, in setup's order (a spread of the rest makes a slow object)
  return {
    scenario: state.scenario,
    gameSize: state.gameSize,
    lighting: state.lighting,
    visibility: state.visibility,
    koIsElimination: state.koIsElimination,
    endGameFromTurn: state.endGameFromTurn,
    deploymentDepth: state.deploymentDepth,
    sides,
    models,
    phase: state.phase,
    deploying: state.deploying,
    turn: state.turn,
    initiativeSide: state.initiativeSide,
    activeSide: state.activeSide,
    activationsInARow: state.activationsInARow,
    activationsThisRow: state.activationsThisRow,
    activation,
    endDice: state.endDice,
    firstCrosser: state.firstCrosser,
    outcome: state.outcome,
    board: state.board,
  };
}

export function model(draft: Draft, id: string): ModelState {
  const m = draft.state.models.find((x) => x.id === id);
  if (!m) throw new Error(`no model ${id}`);
  return m;
}
