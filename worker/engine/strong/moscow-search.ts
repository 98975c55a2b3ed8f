/**
 * Battle for Moscow's strong computer. Its choices are compared by futures, as search.ts does
 * (both sides played on by the standard computer, the dice drawn from the search's own stream,
 * the same seeds for every candidate, each future scored by the evaluation where it stops), but
 * the candidates are Moscow's own: legal() offers a declaration one battle at a time, and a
 * future prefers one safe battle to the standard computer's whole plan, so a declaration's
 * candidates are whole plans (the standard's, the other odds-first plan, the standard's less one
 * battle or with one more, none); the German's moves are the standard's own choice drawn again
 * with a wider noise (a legal move screened by the evaluation is seldom one worth making); the
 * Soviet's moves and both sides' replacements are legal choices screened by the evaluation.
 * The futures run to the end of the opponent's next player-turn, since a move's worth shows in
 * the other side's combat. The cost is bounded by counting simulated actions.
 */
import { rngFromSeed, type Rng } from "../rng";
import { isRuleError, type AnyRuleset, type Seat } from "../ruleset";
import { possibleAttacks } from "../moscow/attacks";
import { chooseBattles, chooseMove } from "../moscow/botplan";
import { isCombatPhase } from "../moscow/combat";
import { isReplacementPhase } from "../moscow/replacements";
import { isMovementPhase } from "../moscow/movement";
import type { Side } from "../moscow/data";
import { phaseOwner, type DeclareBattlesAction, type MoscowAction, type MoscowState } from "../moscow/state";
import { meanFuture, sample, valueOf, type Evaluate, type SearchBounds } from "./search";

type Plan = DeclareBattlesAction["battles"];

const planKey = (plan: Plan): string =>
  plan
    .map((b) => `${b.defender}<${[...b.attackers].sort().join(",")}`)
    .sort()
    .join(";");

/** Whole declarations worth comparing with the standard's, the standard's first, distinct, at most `count`. */
export function declarationPlans(state: MoscowState, side: Side, standard: Plan, count: number): Plan[] {
  const out: Plan[] = [];
  const seen = new Set<string>();
  const add = (plan: Plan) => {
    const key = planKey(plan);
    if (out.length >= count || seen.has(key)) return;
    seen.add(key);
    out.push(plan);
  };
  add(standard);
  if (side === "german") add(chooseBattles(state, side));
  for (let i = 0; i < standard.length; i++) add(standard.filter((_, j) => j !== i));
  const used = new Set(standard.flatMap((b) => b.attackers));
  const attacked = new Set(standard.map((b) => b.defender));
  for (const attack of possibleAttacks(state, side)) {
    if (attacked.has(attack.defender)) continue;
    const free = attack.possibleAttackers.filter((a) => !used.has(a));
    if (free.length > 0) add([...standard, { attackers: free, defender: attack.defender }]);
  }
  add([]);
  return out;
}

/** The `count` of `actions` that score best where one action leaves the game (the choices owed draw no dice). */
function screened(ruleset: AnyRuleset, evaluate: Evaluate, state: unknown, seat: Seat, actions: readonly unknown[], count: number, rng: Rng): unknown[] {
  const seed = rng.int(0x7fffffff);
  const scored: { action: unknown; value: number }[] = [];
  for (const action of actions) {
    const applied = ruleset.apply(state, seat, action, rngFromSeed(seed));
    if (!isRuleError(applied)) scored.push({ action, value: valueOf(ruleset, evaluate, applied.state, seat) });
  }
  // stable: equal scores keep the given order, so the choice stays deterministic
  scored.sort((a, b) => b.value - a.value);
  return scored.slice(0, count).map((s) => s.action);
}

/** Where a decision is searched: the choices owed (`losses`, `retreat`, `advance`), the declaration, replacements and moves. */
type Kind = "losses" | "retreat" | "advance" | "declare" | "replacement" | "panzer" | "move";

/**
 * What each side searches, chosen on seeded games (bench/README.md): the Soviet everything; the
 * German not his losses and advances, where the evaluation misleads him (the fit finds no worth
 * in his own strength, so it cannot tell a panzer's step from an infantry's).
 */
const SEARCHED: Readonly<Record<Side, ReadonlySet<Kind>>> = {
  german: new Set<Kind>(["declare", "replacement", "retreat", "panzer", "move"]),
  soviet: new Set<Kind>(["losses", "retreat", "advance", "declare", "replacement", "panzer", "move"]),
};

/**
 * The Soviet's candidates at most: his decisions cost the most (their futures run through the
 * German's whole player-turn), and over 200 games 4 of them won as much as 6 (+25/+27 points
 * against +25/+30).
 */
const SOVIET_CANDIDATES = 4;

/**
 * Whether a side's move candidates are the standard's own alternatives (else legal moves screened
 * by the evaluation): the German's moves screened so lost points, his variants won them.
 */
const VARIANTS: Readonly<Record<Side, boolean>> = { german: true, soviet: false };

/**
 * How much wider the variants' tie-breaking noise is than the standard's (0.5 of a hex value, where
 * a hex nearer Moscow is worth 3 to the German): 8 times, so a variant may send another unit or
 * stop short. On 150 seeded games a scenario, the strong German won 13-21 points more than the
 * standard with the standard's own noise, 23-27 with 4 times, 34-37 with 8, 34 with 16 (quickstart).
 */
const VARIANT_NOISE = 8;

/** `rng` with its floats stretched `scale` times (the standard move choice breaks near-ties with one). */
const noisier = (rng: Rng, scale: number): Rng => ({
  float: () => rng.float() * scale,
  int: (n) => rng.int(n),
  d6: () => rng.d6(),
  get draws() {
    return rng.draws;
  },
});

/** The kind of decision `state` asks of the side to act. */
function kindOf(state: MoscowState): Kind | null {
  if (state.pending) return state.pending.kind;
  if (isCombatPhase(state.phase)) return state.battlesDeclared ? null : "declare";
  if (isReplacementPhase(state.phase)) return "replacement";
  if (state.phase === "german_panzer_movement") return "panzer";
  if (isMovementPhase(state.phase)) return "move";
  return null;
}

/** Whether the strong level searches in `state` (elsewhere it plays the standard choice at its cost). */
export function moscowSearched(state: MoscowState): boolean {
  const kind = kindOf(state);
  const side = state.phase === "game_over" ? null : phaseOwner(state.phase);
  return kind !== null && side !== null && SEARCHED[side].has(kind);
}

/** The actions to compare in `state`, the standard's first; one alone means the standard's is played unsearched. */
function candidatesFor(ruleset: AnyRuleset, evaluate: Evaluate, bounds: SearchBounds, state: MoscowState, seat: Seat, standard: MoscowAction, rng: Rng): unknown[] {
  const side = seat as Side;
  const kind = kindOf(state);
  if (kind === null || !SEARCHED[side].has(kind)) return [standard];
  if (side === "soviet") bounds = { ...bounds, candidates: Math.min(bounds.candidates, SOVIET_CANDIDATES) };
  const standardKey = JSON.stringify(standard);
  const others = (actions: readonly unknown[]) => actions.filter((a) => JSON.stringify(a) !== standardKey);
  if (state.pending) {
    const options = others(state.pending.options);
    return [standard, ...(options.length < bounds.candidates ? options : screened(ruleset, evaluate, state, seat, options, bounds.candidates - 1, rng))];
  }
  if (kind === "declare") {
    if (standard.type !== "declare_battles") return [standard];
    return declarationPlans(state, side, standard.battles, bounds.candidates).map((battles) => ({ type: "declare_battles", battles }));
  }
  if ((kind === "move" || kind === "panzer") && VARIANTS[side]) {
    // the standard's own alternatives: its move choice under other draws of its tie-breaking noise
    const out: unknown[] = [standard];
    const seen = new Set([standardKey]);
    for (let tries = 0; tries < 3 * bounds.candidates && out.length < bounds.candidates; tries++) {
      const move = chooseMove(state, side, noisier(rngFromSeed(rng.int(0x7fffffff)), VARIANT_NOISE));
      const action = move ? { type: "move", unitId: move.unitId, to: move.to } : { type: "end_phase" };
      const key = JSON.stringify(action);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(action);
    }
    return out;
  }
  if (bounds.screen <= 0) return [standard];
  const choices = others(ruleset.legal(state, seat).choices.map((c) => c.action));
  return [standard, ...screened(ruleset, evaluate, state, seat, sample(choices, bounds.screen, rng), bounds.candidates - 1, rng)];
}

/** The strong computer's choice for `seat` in Battle for Moscow: the standard's unless a candidate's futures score better. */
export function moscowChoice(ruleset: AnyRuleset, evaluate: Evaluate, bounds: SearchBounds, state: MoscowState, seat: Seat, rng: Rng): unknown {
  const standard = ruleset.bot(state, seat, rng) as MoscowAction;
  const candidates = candidatesFor(ruleset, evaluate, bounds, state, seat, standard, rng);
  if (candidates.length <= 1) return standard;
  const seeds = Array.from({ length: bounds.rollouts }, () => rng.int(0x7fffffff));
  let best: unknown = standard;
  let bestMean = -1;
  for (const candidate of candidates) {
    const mean = meanFuture(ruleset, evaluate, state, seat, candidate, seeds, bounds);
    if (mean === null) continue;
    if (mean > bestMean) {
      bestMean = mean;
      best = candidate;
    }
  }
  return best;
}
