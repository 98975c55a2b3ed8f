import type { Rng } from "./rng";

/** A seat is a side or player slot named by the ruleset ("german", "p1", ...). */
export type Seat = string;

export type OptionValue = string | number;
export type Options = Record<string, OptionValue>;

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
}

/** Something that happened; `kind` names it, the rest is plain JSON. */
export interface GameEvent {
  kind: string;
  [field: string]: unknown;
}

export interface Applied<S> {
  ok: true;
  state: S;
  events: GameEvent[];
}

/** A rule violation as a value: `code` is stable (API clients rely on it), `message` is for people. */
export interface RuleError {
  ok: false;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface Outcome {
  result: "win" | "draw";
  winners: Seat[];
  reason: string;
}

export interface Summary {
  turn: number;
  phase: string;
  line: string;
}

export type LegalQuery = Record<string, string>;

/**
 * The contract every ruleset meets. Everything is pure: no I/O, no clocks, randomness only
 * through the Rng handed in. States are plain JSON and are never mutated.
 */
export interface Ruleset<S = unknown, A = unknown> {
  id: string;
  title: string;
  scenarios: readonly ScenarioInfo[];
  options: readonly OptionSpec[];
  /** Seats of a game, in turn order. */
  seats(scenario: string, options: Options): Seat[] | RuleError;
  setup(scenario: string, options: Options, rng: Rng): S | RuleError;
  /** Who must act now; [] once the game is over. */
  toAct(state: S): Seat[];
  /** Validates the untrusted action; a rejection leaves no trace and draws nothing. */
  apply(state: S, seat: Seat, action: unknown, rng: Rng): Applied<S> | RuleError;
  legal(state: S, seat: Seat, query?: LegalQuery): unknown;
  summary(state: S): Summary;
  outcome(state: S): Outcome | null;
  /** One line of English for logs and emails. */
  describe(event: GameEvent): string;
  /** The computer's next action for `seat`; always one that `apply` accepts. */
  bot(state: S, seat: Seat, rng: Rng): A;
}

export function ruleError(code: string, message: string, details?: Record<string, unknown>): RuleError {
  return details === undefined ? { ok: false, code, message } : { ok: false, code, message, details };
}

export function isRuleError(value: unknown): value is RuleError {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;
}

/** Completes option values with defaults and refuses unknown names or values. */
export function resolveOptions(specs: readonly OptionSpec[], given: Options | undefined): Options | RuleError {
  const resolved: Options = {};
  for (const [name, value] of Object.entries(given ?? {})) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) return ruleError("bad_option", `Unknown option "${name}"`, { option: name });
    if (!spec.choices.includes(value)) {
      return ruleError("bad_option", `Option "${name}" cannot be ${JSON.stringify(value)}; choose one of ${spec.choices.join(", ")}`, {
        option: name,
        value,
        choices: spec.choices,
      });
    }
    resolved[name] = value;
  }
  for (const spec of specs) if (!(spec.name in resolved)) resolved[spec.name] = spec.default;
  return resolved;
}
