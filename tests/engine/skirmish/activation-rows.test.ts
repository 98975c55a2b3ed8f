/**
 * The variant "activations in a row" (worker/engine/skirmish/VARIANTS.md, amending skirmish.md
 * 1.1 and 6.3), N = 3 first, then 1, 2 and "all", in fresh games of both shipped scenarios
 * played with legal() and apply() alone: after every activation, who activates next is worked out from VARIANTS.md's
 * words and the models' Ready flags, not from the engine's row counter.
 */
import { describe, expect, it } from "vitest";
import { isRuleError } from "../../../worker/engine/ruleset";
import { rngFromSeed, type Rng } from "../../../worker/engine/rng";
import { seededRngs } from "../../../worker/engine/bot-play";
import { distance } from "../../../worker/engine/hex";
import { skirmish, type SkirmishState } from "../../../worker/engine/skirmish";
import type { SkirmishChoice } from "../../../worker/engine/skirmish/legal";
import { setupOrThrow } from "../selfplay";

type Limit = 1 | 2 | 3 | "all";
const SEATS = ["attacker", "defender"] as const;
type Side = 0 | 1;

/**
 * Ready In-Play (skirmish.md 3.7, 6.3) the moment an activation ended: in play after the action,
 * and neither activated earlier in the turn nor the model that just ended. Read from the state
 * before the action, since a turn that ends at once makes every model Ready again (6.2).
 */
function readyWhenEnded(before: SkirmishState, after: SkirmishState): Set<string> {
  const ready = new Set<string>();
  for (const m of after.models) {
    const earlier = before.models.find((x) => x.id === m.id)!;
    if (m.status === "in_play" && m.hex !== null && !earlier.done && m.id !== before.activation!.model) ready.add(m.id);
  }
  return ready;
}

/** Which VARIANTS.md sentence decided a hand-over (each must be seen, or the test proved nothing). */
type Why = "row_goes_on" | "row_full_passes" | "row_out_of_models_passes" | "other_side_has_none_goes_on" | "turn_ended";

/**
 * VARIANTS.md 6.3: a row ends when the side has begun N activations in it or has no Ready
 * In-Play model left; then the initiative passes to the other side if it has a Ready model
 * (which begins a row of its own), otherwise the same side goes on; with no Ready model on
 * either side the turn ends (6.4) and its initiative winner begins a fresh row.
 */
function expectedNext(limit: Limit, before: SkirmishState, after: SkirmishState, side: Side, row: number): { side: Side | "turn_end"; why: Why } {
  const other = (1 - side) as Side;
  const ready = readyWhenEnded(before, after);
  const hasReady = (s: Side) => after.models.some((m) => m.side === s && ready.has(m.id));
  const full = limit !== "all" && row >= limit;
  if (!full && hasReady(side)) return { side, why: "row_goes_on" };
  if (hasReady(other)) return { side: other, why: full ? "row_full_passes" : "row_out_of_models_passes" };
  if (hasReady(side)) return { side, why: "other_side_has_none_goes_on" };
  return { side: "turn_end", why: "turn_ended" };
}

/**
 * A random legal choice, most often an attack, else a move towards the nearest enemy: the games
 * must thin a side out enough for it to run out of Ready models while the other still has some.
 */
function pickChoice(state: SkirmishState, side: Side, choices: SkirmishChoice[], pick: Rng): SkirmishChoice {
  const aggressive = pick.int(4) > 0;
  const attacks = choices.filter((c) => c.action.type === "close_attack" || c.action.type === "range_attack");
  if (aggressive && attacks.length > 0) return attacks[pick.int(attacks.length)]!;
  const enemies = state.models.filter((m) => m.side !== side && m.status === "in_play" && m.hex !== null).map((m) => m.hex!);
  const gap = (c: SkirmishChoice) => Math.min(...enemies.map((e) => distance(e, c.to!)));
  const moves = choices.filter((c) => c.action.type === "move" && c.to !== undefined);
  if (aggressive && moves.length > 0 && enemies.length > 0) return moves.reduce((best, c) => (gap(c) < gap(best) ? c : best));
  return choices[pick.int(choices.length)]!;
}

const GAMES = Number(process.env.SKIRMISH_ROW_GAMES ?? 6);

const ALL_REASONS: readonly Why[] = ["row_goes_on", "row_full_passes", "row_out_of_models_passes", "other_side_has_none_goes_on", "turn_ended"];

/** What each option's games must show: every sentence that can apply to it, and none that cannot. */
const cases: { limit: Limit; never: Why[] }[] = [
  { limit: 3, never: [] },
  // a row of one is full as soon as it begins
  { limit: 1, never: ["row_goes_on", "row_out_of_models_passes"] },
  { limit: 2, never: [] },
  // a row only ends when its side has no Ready model left
  { limit: "all", never: ["row_full_passes", "other_side_has_none_goes_on"] },
];

describe('§6.3 variant (VARIANTS.md "Activations in a row"): fresh games played with legal() and apply()', () => {
  it.each(cases)(`N = $limit, ${GAMES} seeded games: after every activation the side named by VARIANTS.md activates next`, ({ limit, never }) => {
    const seen = new Map<Why, number>();
    for (let g = 0; g < GAMES; g++) {
      const scenario = g % 2 === 0 ? "small-clash" : "small-elimination";
      const seed = `rows-${limit}-${g}`;
      let state = setupOrThrow<SkirmishState>(skirmish, scenario, { activationsInARow: limit }, seed);
      expect(state.activationsInARow).toBe(limit);
      const dice = seededRngs(seed).dice;
      const pick = rngFromSeed(`pick:${seed}`);
      // the row as VARIANTS.md counts it: activations begun by one side since the initiative came to it
      let rowSide: Side | null = null;
      let row = 0;
      let turn = state.turn;
      let step = 0;
      for (; step < 6000 && state.phase !== "game_over"; step++) {
        const seat = skirmish.toAct(state)[0]!;
        const side = SEATS.indexOf(seat as (typeof SEATS)[number]) as Side;
        const choices = skirmish.legal(state, seat).choices;
        expect(choices.length, `${seed} step ${step}`).toBeGreaterThan(0);
        const action = pickChoice(state, side, choices, pick).action;
        if (state.phase === "turn" && action.type === "activate") {
          if (rowSide === side && state.turn === turn) row++;
          else {
            rowSide = side;
            row = 1;
          }
          turn = state.turn;
        }
        const applied = skirmish.apply(state, seat, action, dice(step));
        if (isRuleError(applied)) throw new Error(`${seed} step ${step}: legal action ${JSON.stringify(action)} refused: ${applied.message}`);
        const before = state;
        state = applied.state;
        if (before.phase !== "turn" || before.activation === null || state.activation !== null) {
          // within an activation the side acting keeps the move
          if (before.activation !== null && state.activation !== null) expect(skirmish.toAct(state), `${seed} step ${step}`).toEqual([seat]);
          continue;
        }
        // an activation has just ended (end_activation, or its model left play)
        if (state.phase === "game_over") break;
        const want = expectedNext(limit, before, state, side, row);
        seen.set(want.why, (seen.get(want.why) ?? 0) + 1);
        const where = `${seed} step ${step}: ${seat} row ${row}, ${want.why}`;
        if (want.side === "turn_end") {
          expect(state.turn, where).toBe(before.turn + 1);
          expect(skirmish.toAct(state), where).toEqual([SEATS[state.initiativeSide]]);
          rowSide = null;
          row = 0;
        } else {
          expect(state.turn, where).toBe(before.turn);
          expect(skirmish.toAct(state), where).toEqual([SEATS[want.side]]);
          if (want.side !== side) {
            rowSide = null;
            row = 0;
          }
        }
      }
      expect(state.phase, `${seed} ended within the step budget`).toBe("game_over");
    }
    // every sentence of the amendment that can apply was exercised at least once
    for (const why of ALL_REASONS) {
      if (never.includes(why)) expect(seen.get(why) ?? 0, why).toBe(0);
      else expect(seen.get(why) ?? 0, why).toBeGreaterThan(0);
    }
  });
});
