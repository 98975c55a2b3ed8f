import type { Rng } from "../rng";
import { type CommonErrorCode, type OptionSpec, type RuleError, type ScenarioRef, type Seat, isRuleError, resolveOptions, ruleError } from "../ruleset";
import { filled } from "./board";
import { generateBlocked } from "./mapgen";
import { type DiceWarsScenario, resolveScenario, startCells } from "./scenarios";
import { type DiceWarsState, MAX_PLAYERS, MIN_PLAYERS, SEATS, START_STRENGTH, EMPTY, cellIndex } from "./state";

export const OPTIONS: readonly OptionSpec[] = [
  {
    name: "players",
    title: "Players",
    line: "How many players take part (seats p1 to p4 in turn order, each a human or the computer).",
    choices: [2, 3, 4],
    default: 4,
  },
  {
    name: "roundLimit",
    title: "Round limit",
    line: "End after this many rounds: most cells wins, then most strength; \"none\" plays to the last player standing.",
    choices: ["none", 50, 100, 200],
    default: "none",
  },
];

export interface DiceWarsOptions {
  players: 2 | 3 | 4;
  roundLimit: "none" | 50 | 100 | 200;
}

/** Untrusted option values, completed with the defaults. */
export function parseOptions(given: unknown): DiceWarsOptions | RuleError<CommonErrorCode> {
  const resolved = resolveOptions(OPTIONS, given);
  if (isRuleError(resolved)) return resolved;
  // resolveOptions admits only the listed choices, which are exactly DiceWarsOptions' values
  return resolved as unknown as DiceWarsOptions;
}

interface Resolved {
  scenario: DiceWarsScenario;
  players: number;
  roundLimit: number | null;
}

function resolve(ref: ScenarioRef, options: DiceWarsOptions): Resolved | RuleError<CommonErrorCode> {
  const scenario = resolveScenario(ref);
  if (isRuleError(scenario)) return scenario;
  const players = Number(options.players);
  if (!(players >= MIN_PLAYERS && players <= MAX_PLAYERS)) return ruleError("bad_option", `players must be ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
  const roundLimit = options.roundLimit === "none" ? null : Number(options.roundLimit);
  return { scenario, players, roundLimit };
}

export function seatsFor(scenarioId: ScenarioRef, options: DiceWarsOptions): Seat[] | RuleError<CommonErrorCode> {
  const r = resolve(scenarioId, options);
  return isRuleError(r) ? r : SEATS.slice(0, r.players);
}

/** Rules 3-4: generate the map from `rng`, then one start cell of strength 8 per player. */
export function setupGame(scenarioId: ScenarioRef, options: DiceWarsOptions, rng: Rng): DiceWarsState | RuleError<CommonErrorCode> {
  const r = resolve(scenarioId, options);
  if (isRuleError(r)) return r;
  const { size } = r.scenario;
  const starts = startCells(r.scenario, r.players);
  const blocked = generateBlocked(size, starts, rng);
  const owner = filled(size * size, EMPTY);
  const strength = filled(size * size, 0);
  starts.forEach((cell, player) => {
    owner[cellIndex(size, cell)] = player;
    strength[cellIndex(size, cell)] = START_STRENGTH;
  });
  return {
    scenario: r.scenario.id,
    size,
    roundLimit: r.roundLimit,
    players: SEATS.slice(0, r.players).map((seat) => ({ seat, eliminated: false })),
    current: 0,
    round: 1,
    moves: 0,
    phase: "play",
    outcome: null,
    blocked,
    owner,
    strength,
  };
}
