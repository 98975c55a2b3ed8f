import type { Hex } from "./hex";
import type { Rng } from "./rng";

/** A seat is a side or player slot named by the ruleset ("german", "p1", ...). */
export type Seat = string;

export type OptionValue = string | number;
export type Options = Readonly<Record<string, OptionValue>>;

export interface ScenarioInfo {
  id: string;
  title: string;
  /** One line a player reads when choosing. */
  line: string;
}

export interface OptionSpec {
  name: string;
  title: string;
  line: string;
  choices: readonly OptionValue[];
  default: OptionValue;
  /** What a create form offers instead of `default` when every seat is a person (the API still applies `default`). */
  defaultBetweenHumans?: OptionValue;
}

/** Something that happened; each ruleset narrows this to a union of its own event shapes. */
export interface GameEvent {
  readonly kind: string;
}

/** The codes every ruleset may answer, beside its own. None of them is a service's code. */
export const COMMON_ERROR_CODES = ["bad_action", "bad_option", "bad_scenario", "not_your_turn", "game_ended"] as const;
export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];

/**
 * A scenario: the id of one of the ruleset's own, or an inline scenario, untrusted JSON in the
 * shape of its `scenarios/<id>/*.json`, which the ruleset validates (errors name the field and
 * the hex) when it seats or sets up a game.
 */
export type ScenarioRef = string | { readonly [field: string]: unknown };

/** A rule violation as a value: `code` is stable (API clients rely on it), `message` is for people. */
export interface RuleError<C extends string = string> {
  ok: false;
  code: C;
  message: string;
  details?: Record<string, unknown>;
}

export interface Applied<S, E extends GameEvent = GameEvent> {
  ok: true;
  state: S;
  events: E[];
  /** Seats this action knocked out of the game (they no longer act; the game may go on). */
  eliminated?: Seat[];
}

export interface Outcome {
  result: "win" | "draw";
  winners: Seat[];
  /** A stable word for the cause ("moscow", "last_player_standing", "resignation"...). */
  reason: string;
  /** The result in one English sentence. */
  line: string;
}

export interface Summary {
  turn: number;
  phase: string;
  line: string;
}

/** Narrows a legal() answer; each ruleset documents the keys it reads. */
export type LegalQuery = Readonly<Record<string, string>>;

/** One action a seat may send now. */
export interface LegalChoice<A> {
  action: A;
  /** A short English label ("XLVII to 0706", "end the phase"). */
  label: string;
  /** The cells a board highlights for it, where it has them. */
  from?: Hex;
  to?: Hex;
}

export interface Legal<A> {
  /** Every choice is accepted by `apply` as it stands. */
  choices: LegalChoice<A>[];
  /** Set when a query narrowed the list: the names of the keys that were applied. */
  narrowedBy?: string[];
}

/**
 * What one unit could do, for a player choosing whom to move: its choices when it is the unit
 * acting now, or those it would have were it activated now (a ruleset that activates units one
 * at a time shows them before the activation is spent), or why it can do nothing.
 */
export interface UnitOptions<A> {
  unit: string;
  /** The unit is acting now: every choice is accepted by `apply` as it stands. Otherwise they are accepted once it is activated. */
  acting: boolean;
  choices: LegalChoice<A>[];
  /** When `choices` is empty, why (one English line naming the unit and the rule), where a rule keeps it. */
  reason?: string;
}

/** A policy a seat may set as a standing order for one kind of owed choice. */
export interface ChoicePolicy {
  id: string;
  title: string;
  line: string;
}

/** A kind of choice a seat may owe in the middle of another seat's turn. */
export interface ChoiceKind {
  kind: string;
  title: string;
  policies: readonly ChoicePolicy[];
}

/** The choice the seats in toAct owe now, when it is one rather than their own turn. */
export interface OwedChoice {
  seat: Seat;
  kind: string;
  /** What is being asked, in one English line. */
  line: string;
}

/**
 * The contract every ruleset meets. Everything is pure: no I/O, no clocks, randomness only
 * through the Rng handed in. States are plain JSON and are never mutated.
 *
 * S: the state; A: an action as `apply` accepts it; E: the events; O: the resolved options;
 * C: the ruleset's own error codes.
 */
export interface Ruleset<S = unknown, A = unknown, E extends GameEvent = GameEvent, O extends object = Options, C extends string = string> {
  id: string;
  title: string;
  scenarios: readonly ScenarioInfo[];
  options: readonly OptionSpec[];
  /** The ruleset's own error codes (beside COMMON_ERROR_CODES): clients may rely on them. */
  errorCodes: readonly C[];
  /** Untrusted option values, completed with defaults and checked against `options`. */
  parseOptions(given: unknown): O | RuleError<C | CommonErrorCode>;
  /** Seats of a game, in turn order. */
  seats(scenario: ScenarioRef, options: O): Seat[] | RuleError<C | CommonErrorCode>;
  setup(scenario: ScenarioRef, options: O, rng: Rng): S | RuleError<C | CommonErrorCode>;
  /** Who must act now; [] once the game is over. */
  toAct(state: S): Seat[];
  /** Validates the untrusted action; a rejection leaves no trace and draws nothing. */
  apply(state: S, seat: Seat, action: unknown, rng: Rng): Applied<S, E> | RuleError<C | CommonErrorCode>;
  /** Every action `seat` may send now (none when it is not to act); a query may narrow the list. */
  legal(state: S, seat: Seat, query?: LegalQuery): Legal<A>;
  /**
   * Optional: `legal(state, seat)`'s actions, in its order, without the labels, highlights or
   * odds a person reads (the environment and searches, which ask at every step). Always equal to
   * `legal(state, seat).choices.map((c) => c.action)`.
   */
  legalActions?(state: S, seat: Seat): A[];
  /** What `seat` (null: a spectator) may see of the state; the state itself when nothing is hidden. */
  view(state: S, seat: Seat | null): S;
  summary(state: S): Summary;
  outcome(state: S): Outcome | null;
  /** One line of English for logs and emails. */
  describe(event: E): string;
  /** The computer's next action for `seat`; always one that `apply` accepts. */
  bot(state: S, seat: Seat, rng: Rng): A;
  /** The kinds of mid-turn choice this ruleset may ask of a seat not on move ([] for none). */
  choiceKinds: readonly ChoiceKind[];
  /** The mid-turn choice owed now, or null when toAct is acting on its own turn. */
  owed(state: S): OwedChoice | null;
  /** The action a standing order with `policy` takes for the owed choice; null if the policy does not apply. */
  standingOrder(state: S, seat: Seat, policy: string): A | null;
  /**
   * Optional: the numbered menu a turn mail carries for `seat`, a player answering by reply
   * (worker/inbound). Without it a turn mail carries `legal()`'s choices when there are at most
   * 9 of them. A ruleset whose turns often have more but whose useful answers are few (DiceWars'
   * attacks, best first) lists those here: `choices` in the order the mail numbers them, each
   * accepted by `apply` as it stands (end the turn among them where it may); `limit` is how many
   * the mail shows (at most 9). Null: no menu this time. Pure, like the rest.
   */
  mailMenu?(state: S, seat: Seat): { choices: LegalChoice<A>[]; limit: number } | null;
  /**
   * Optional: explains one unit's options (UnitOptions) for `seat`; null when the unit is not one
   * the seat may act with now (another side's, unknown, or the seat is not to act). Pure; never
   * a second answer beside `legal()`: an acting unit's choices are legal()'s own for it.
   */
  unitOptions?(state: S, seat: Seat, unit: string): UnitOptions<A> | null;
  /**
   * Optional: how many of the computer's actions one request may play (default 12). A cold
   * Worker has 10 ms of CPU: a ruleset whose computer costs more per action asks for fewer
   * (measured cold: WarShard's 12 cost about 14 ms, 4 about 5.5; the skirmish's 4 about 10, 2
   * about 9); the rest continues in follow-up requests or the cron.
   */
  botActionsPerRequest?: number;
  /**
   * Optional: a seat's name as players read it, where capitalising its id would not do
   * (WarShard's "usa" is "USA"). Without it the service capitalises the id ("german" is German,
   * "p2" Player 2). The page, the log and the mail all use it.
   */
  seatTitle?(seat: Seat): string;
}

/** A ruleset whose types the service does not know: it only stores and forwards its values. */
export type AnyRuleset = Ruleset<any, any, any, any, string>;

export function ruleError<C extends string>(code: C, message: string, details?: Record<string, unknown>): RuleError<C> {
  return details === undefined ? { ok: false, code, message } : { ok: false, code, message, details };
}

export function isRuleError(value: unknown): value is RuleError {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;
}

/** Completes option values with defaults and refuses unknown names or values. */
export function resolveOptions(specs: readonly OptionSpec[], given: unknown): Record<string, OptionValue> | RuleError<"bad_option"> {
  if (given !== undefined && given !== null && (typeof given !== "object" || Array.isArray(given))) {
    return ruleError("bad_option", `options must be an object of option names to values`, { field: "options" });
  }
  const resolved: Record<string, OptionValue> = {};
  for (const [name, value] of Object.entries((given ?? {}) as Record<string, unknown>)) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) return ruleError("bad_option", `Unknown option "${name}"`, { option: name });
    if (!spec.choices.includes(value as OptionValue)) {
      return ruleError("bad_option", `Option "${name}" cannot be ${JSON.stringify(value)}; choose one of ${spec.choices.join(", ")}`, {
        option: name,
        value,
        choices: spec.choices,
      });
    }
    resolved[name] = value as OptionValue;
  }
  for (const spec of specs) if (!(spec.name in resolved)) resolved[spec.name] = spec.default;
  return resolved;
}

/** The parts of a ruleset that have nothing to do in a game with no mid-turn choices and no secrets. */
export const plainRuleset = {
  choiceKinds: [] as readonly ChoiceKind[],
  owed: (): null => null,
  standingOrder: (): null => null,
  view: <S>(state: S): S => state,
};
