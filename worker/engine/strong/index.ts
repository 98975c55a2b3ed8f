/**
 * The computer's levels: "standard" is each ruleset's own scripted policy (its `bot`), "strong"
 * searches with the engine (search.ts) with the standard policy as its rollout. A level is chosen
 * per seat; both are pure and deterministic for the Rng they are handed.
 */
import type { Rng } from "../rng";
import type { AnyRuleset, Seat } from "../ruleset";
import { diceWarsBoard, diceWarsOwn, evaluateDiceWars } from "./dicewars";
import { evaluateMoscow } from "./moscow";
import { moscowChoice, moscowSearched } from "./moscow-search";
import { evaluateMusket, musketActing } from "./musket";
import { evaluateSkirmish } from "./skirmish";
import { evaluateWarshard } from "./warshard";
import { strongChoice, type Evaluate, type SearchBounds } from "./search";

export const BOT_LEVELS = ["standard", "strong"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
export const isBotLevel = (value: unknown): value is BotLevel => BOT_LEVELS.includes(value as BotLevel);

/** The computer's choice for a seat, as `Ruleset.bot` gives it. */
export type BotChoice = (state: unknown, seat: Seat, rng: Rng) => unknown;

interface StrongSpec {
  evaluate: Evaluate;
  bounds: SearchBounds;
  /**
   * Strong actions one request may play, in place of the ruleset's `botActionsPerRequest`:
   * a strong action simulates up to `simulatedActions(bounds)` actions (bench/strong.ts).
   */
  actionsPerRequest: number;
  /**
   * Where the search is worth its cost: elsewhere the strong level plays the standard choice
   * (the musket game's choice of a unit to activate; Battle for Moscow's German losses and advances).
   */
  searched?: (state: any) => boolean;
  /** The ruleset's own search in place of strongChoice (its candidates are its own). */
  choose?: (ruleset: AnyRuleset, evaluate: Evaluate, bounds: SearchBounds, state: any, seat: Seat, rng: Rng) => unknown;
  /** The share of `rollouts` and `screenRolls` a position affords (1 when absent): each simulated action costs more on a larger board. */
  scale?: (state: any) => number;
  /** The searching seat's own play where it differs from the standard's: its first candidate, and its actions in its futures (undefined: the standard's). */
  own?: (state: any, seat: Seat) => unknown | undefined;
}

/** The bounds for one decision: the ruleset's, fewer futures where its `scale` says a position's actions cost more. */
function boundsAt(spec: StrongSpec, bounds: SearchBounds, state: unknown): SearchBounds {
  const share = spec.scale?.(state) ?? 1;
  if (share >= 1) return bounds;
  return { ...bounds, rollouts: Math.max(2, Math.round(bounds.rollouts * share)), screenRolls: Math.max(1, Math.round(bounds.screenRolls * share)) };
}

/**
 * Per ruleset, what a decision may simulate, tuned with bench/strong.ts (bench/README.md). The
 * bound counts actions, not time, so a decision is the same everywhere; but actions differ in
 * cost by a hundredfold (an end of phase in WarShard or a skirmish attack costs milliseconds), so
 * the bounds were cut until a decision's 99th percentile stayed at a few ms warm: WarShard screens
 * 40 choices by the evaluation and plays 3 of them and the standard's 4 times to the end of the opponent's next player-turn, the skirmish 5 (two futures of each of 5 candidates). A margin of 0 plays whatever the futures score
 * best: with a margin, the search rarely overruled the standard choice and gained nothing.
 */
const STRONG: Readonly<Record<string, StrongSpec>> = {
  moscow: { evaluate: evaluateMoscow, bounds: { candidates: 6, rollouts: 3, depth: 80, handovers: 2, margin: 0, screen: 20, screenRolls: 1 }, actionsPerRequest: 1, choose: moscowChoice, searched: moscowSearched },
  dicewars: { evaluate: evaluateDiceWars, bounds: { candidates: 4, rollouts: 12, depth: 40, handovers: 2, margin: 0, screen: 30, screenRolls: 3 }, actionsPerRequest: 1, scale: diceWarsBoard, own: diceWarsOwn },
  warshard: { evaluate: evaluateWarshard, bounds: { candidates: 4, rollouts: 4, depth: 20, handovers: 2, margin: 0, screen: 40, screenRolls: 1 }, actionsPerRequest: 1 },
  musket: { evaluate: evaluateMusket, bounds: { candidates: 6, rollouts: 6, depth: 30, handovers: 1, margin: 0, screen: 0, screenRolls: 1 }, actionsPerRequest: 1, searched: musketActing },
  skirmish: { evaluate: evaluateSkirmish, bounds: { candidates: 5, rollouts: 2, depth: 4, handovers: 2, margin: 0, screen: 0, screenRolls: 1 }, actionsPerRequest: 1 },
};

const specOf = (ruleset: AnyRuleset): StrongSpec | undefined => STRONG[ruleset.id];

/** The ruleset as the search sees it from `seat`: the seat plays its own policy where the spec has one, every other seat the standard. */
function searchedRuleset(ruleset: AnyRuleset, spec: StrongSpec, seat: Seat): AnyRuleset {
  const own = spec.own;
  if (!own) return ruleset;
  return { ...ruleset, bot: (state, who, rng) => (who === seat ? (own(state, who) ?? ruleset.bot(state, who, rng)) : ruleset.bot(state, who, rng)) };
}

function choice(ruleset: AnyRuleset, spec: StrongSpec, bounds: SearchBounds): BotChoice {
  return (state, seat, rng) => {
    const searched = searchedRuleset(ruleset, spec, seat);
    const at = boundsAt(spec, bounds, state);
    return spec.choose ? spec.choose(searched, spec.evaluate, at, state, seat, rng) : strongChoice(searched, spec.evaluate, at, state, seat, rng, spec.searched);
  };
}

/** The strong level's search for a ruleset, with other bounds (bench/strong.ts tunes them with it). */
export function strongWith(ruleset: AnyRuleset, bounds: Partial<SearchBounds>): BotChoice | undefined {
  const spec = specOf(ruleset);
  if (!spec) return undefined;
  return choice(ruleset, spec, { ...spec.bounds, ...bounds });
}

/** The computer at `level` for `ruleset` (a ruleset the strong level does not know plays its standard policy). */
export function botAt(ruleset: AnyRuleset, level: BotLevel): BotChoice {
  const spec = specOf(ruleset);
  if (level === "standard" || !spec) return (state, seat, rng) => ruleset.bot(state, seat, rng);
  return choice(ruleset, spec, spec.bounds);
}

/** Whether the computer at `level` searches in `state` (elsewhere it plays the standard choice, at the standard's cost). */
export function searchesAt(ruleset: AnyRuleset, level: BotLevel, state: unknown): boolean {
  const spec = specOf(ruleset);
  return level === "strong" && spec !== undefined && (spec.searched?.(state) ?? true);
}

/** How many of the computer's actions at `level` one request may play where it searches, given the ruleset's standard budget. */
export function actionsPerRequestAt(ruleset: AnyRuleset, level: BotLevel, standard: number): number {
  const spec = specOf(ruleset);
  return level === "standard" || !spec ? standard : Math.min(standard, spec.actionsPerRequest);
}

export { simulatedActions, type SearchBounds } from "./search";
export const strongBounds = (ruleset: AnyRuleset): SearchBounds | undefined => specOf(ruleset)?.bounds;
