/**
 * The one replay: rebuilds a game forward from its start with `apply`, each action fed the
 * random draws its turn recorded, whatever the dice are. The page's playback and
 * `npm run verify` both use it; verify feeds the seed's streams instead and compares.
 */
import { isRuleError, type AnyRuleset, type GameEvent, type Seat } from "./ruleset";
import { RecordedRng, type Draw, type Rng } from "./rng";

/** One turn of the log as replay needs it. */
export interface ReplayTurn {
  seq: number;
  seat: Seat;
  /** Empty for a service turn (a resignation, a timeout, a seat handed to the computer). */
  actions: readonly unknown[];
  /** Per action, the draws it consumed. */
  draws: readonly (readonly Draw[])[];
}

/** One action replayed, with the positions around it. */
export interface ReplayStep<S, E> {
  seq: number;
  seat: Seat;
  index: number;
  action: unknown;
  before: S;
  after: S;
  events: E[];
}

export interface ReplayFailure {
  seq: number;
  index: number;
  message: string;
}

export interface Replayed<S, E> {
  /** The last position reached (the final one when `failure` is null). */
  state: S;
  /** The steps of the turns from `keepFrom` on. */
  steps: ReplayStep<S, E>[];
  failure: ReplayFailure | null;
}

export interface ReplayOptions {
  /** Keep steps only for turns with seq >= keepFrom (a whole game's positions can be large). */
  keepFrom?: number;
  /** Where an action's numbers come from; by default its recorded draws. */
  rngFor?: (turn: ReplayTurn, index: number) => Rng;
}

const recorded = (turn: ReplayTurn, index: number): Rng => new RecordedRng(turn.draws[index] ?? []);

export function replay<S, E extends GameEvent>(ruleset: Pick<AnyRuleset, "apply">, start: S, turns: readonly ReplayTurn[], options: ReplayOptions = {}): Replayed<S, E> {
  const { keepFrom = 0, rngFor = recorded } = options;
  let state = start;
  const steps: ReplayStep<S, E>[] = [];
  for (const turn of turns) {
    for (const [index, action] of turn.actions.entries()) {
      const rng = rngFor(turn, index);
      const applied = ruleset.apply(state, turn.seat, action, rng);
      const fail = (message: string): Replayed<S, E> => ({ state, steps, failure: { seq: turn.seq, index, message } });
      if (isRuleError(applied)) return fail(`rejected on replay (${applied.code}: ${applied.message})`);
      if (rng instanceof RecordedRng) {
        if (rng.broken) return fail(rng.broken);
        if (!rng.spent) return fail(`the record holds ${turn.draws[index]?.length ?? 0} draws, the action used ${rng.draws}`);
      }
      if (turn.seq >= keepFrom) steps.push({ seq: turn.seq, seat: turn.seat, index, action, before: state, after: applied.state as S, events: applied.events as E[] });
      state = applied.state as S;
    }
  }
  return { state, steps, failure: null };
}
