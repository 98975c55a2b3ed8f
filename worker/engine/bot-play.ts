/**
 * The one loop in which the computer plays: every seat to act, from a position, until the game
 * ends, `keepOn` says stop, or `maxActions` is reached. Each action draws its dice from its own
 * stream and records them, as the service does (worker/play), so a played stretch replays from
 * its turns. The warm-up, the benches and the tests all play through it.
 */
import type { ReplayTurn } from "./replay";
import { lazyRngsFrom, RecordingRng, rngFromSeed, type Draw, type Rng } from "./rng";
import { isRuleError, type AnyRuleset, type GameEvent, type RuleError, type Seat } from "./ruleset";

/** Where the computer's choices and the dice of action `index` come from. */
export interface BotRngs {
  bot(index: number): Rng;
  dice(index: number): Rng;
}

/**
 * The streams the tests and benches derive from one seed: one dice stream per action, the bot's
 * on its own; each seeded at its first draw (many actions draw from neither).
 */
export const seededRngs = (seed: string): BotRngs => ({ bot: lazyRngsFrom(`bot:${seed}:`), dice: lazyRngsFrom(`${seed}:`) });

export interface BotStep<S> {
  index: number;
  seat: Seat;
  action: unknown;
  /** The position the action was chosen in, and the one it left. */
  before: S;
  state: S;
  events: GameEvent[];
  draws: Draw[];
}

export interface BotPlayOptions<S> {
  maxActions?: number;
  /** Checked before each action: false stops the play (a seat's sitting, one activation...). */
  keepOn?: (state: S, seat: Seat) => boolean;
}

/** The end of a play: where it stopped, and the refusal when the computer chose an action `apply` refused (a bot's bug). */
export interface BotPlayEnd<S> {
  state: S;
  played: number;
  refused: { seat: Seat; action: unknown; error: RuleError } | null;
}

export function* botPlay<S>(ruleset: AnyRuleset, start: S, rngs: BotRngs, options: BotPlayOptions<S> = {}): Generator<BotStep<S>, BotPlayEnd<S>> {
  const max = options.maxActions ?? Number.POSITIVE_INFINITY;
  let state = start;
  let index = 0;
  for (; index < max; index++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined || (options.keepOn && !options.keepOn(state, seat))) break;
    const action = ruleset.bot(state, seat, rngs.bot(index));
    const dice = new RecordingRng(rngs.dice(index));
    const applied = ruleset.apply(state, seat, action, dice);
    if (isRuleError(applied)) return { state, played: index, refused: { seat, action, error: applied } };
    const before = state;
    state = applied.state as S;
    yield { index, seat, action, before, state, events: applied.events, draws: dice.recorded };
  }
  return { state, played: index, refused: null };
}

/** Plays to the end of the generator and gives its end (throwing on a refusal, for tests and benches: a bot's bug). */
export function playOut<S>(play: Generator<BotStep<S>, BotPlayEnd<S>>, onStep: (step: BotStep<S>) => void = () => undefined): BotPlayEnd<S> {
  for (;;) {
    const next = play.next();
    if (next.done) {
      const end = next.value;
      if (end.refused) throw new Error(`the computer for ${end.refused.seat} chose a refused action ${JSON.stringify(end.refused.action)}: ${end.refused.error.code} ${end.refused.error.message}`);
      return end;
    }
    onStep(next.value);
  }
}

export interface SelfPlay<S> {
  initial: S;
  final: S;
  log: { seat: Seat; action: unknown }[];
  /** The log as the service stores it: one turn per action, with the draws it consumed. */
  turns: ReplayTurn[];
}

/** A fresh game of `scenario`; a refusal throws (a test's or a bench's setup, never the service's). */
export function setupOrThrow<S>(ruleset: AnyRuleset, scenario: string, options: unknown, seed: string): S {
  const parsed = ruleset.parseOptions(options);
  if (isRuleError(parsed)) throw new Error(`options refused: ${parsed.message}`);
  const state = ruleset.setup(scenario, parsed, rngFromSeed(`setup:${seed}`));
  if (isRuleError(state)) throw new Error(`setup failed: ${state.message}`);
  return state as S;
}

/** The computer plays every seat of a fresh game until it ends or `maxActions` is reached. */
export function selfPlay<S>(ruleset: AnyRuleset, scenario: string, options: unknown, seed: string, maxActions = 20_000): SelfPlay<S> {
  const initial = setupOrThrow<S>(ruleset, scenario, options, seed);
  const log: SelfPlay<S>["log"] = [];
  const turns: ReplayTurn[] = [];
  const end = playOut(botPlay(ruleset, initial, seededRngs(seed), { maxActions }), (step) => {
    log.push({ seat: step.seat, action: step.action });
    turns.push({ seq: step.index + 1, seat: step.seat, actions: [step.action], draws: [step.draws] });
  });
  return { initial, final: end.state, log, turns };
}
