/**
 * What a skirmish position says about its result, as numbers from the attacker's side: the
 * victory points as they would stand now, key by key (skirmish.md 13), each side's battle points
 * still in play and lost, its models afraid or distracted (12.2-12.3), how far they have come towards the midline
 * (Aggression and the first crosser's point), and the turn. The evaluation (skirmish.ts) weighs them with
 * coefficients fitted on standard self-play.
 */
import { offsetOf } from "../skirmish/board";
import { inPlay, ordered } from "../skirmish/status";
import { sideModels, type SideIndex, type SkirmishState } from "../skirmish/state";
import { score } from "../skirmish/victory";

const share = (part: number, whole: number): number => (whole <= 0 ? 0 : part / whole);

function sideFeatures(state: SkirmishState, side: SideIndex): number[] {
  const models = sideModels(state, side);
  const startBP = state.sides[side].startBP;
  let inPlayBP = 0;
  let woundedBP = 0;
  let lostBP = 0;
  let afraid = 0;
  let advance = 0;
  let placed = 0;
  const half = state.board.rows / 2;
  for (const m of models) {
    if (inPlay(m)) {
      inPlayBP += m.profile.bp;
      woundedBP += (m.profile.bp * m.wounds) / (1 + m.wounds);
      if (!ordered(m) || m.delay > 0) afraid += 1;
      // side 0 starts on the southern rows, side 1 on the northern (skirmish.md 15)
      const row = offsetOf(m.hex!).row;
      advance += Math.min(1, (side === 0 ? state.board.rows - 1 - row : row) / half);
      placed += 1;
    } else if (m.status !== "in_play") lostBP += m.profile.bp;
  }
  return [share(inPlayBP, startBP), share(woundedBP, startBP), share(lostBP, startBP), share(afraid, models.length), share(advance, placed)];
}

export const SKIRMISH_FEATURES = [
  "bias",
  "vpLead",
  "attackerInPlay",
  "attackerWounded",
  "attackerLost",
  "attackerAfraid",
  "attackerAdvance",
  "defenderInPlay",
  "defenderWounded",
  "defenderLost",
  "defenderAfraid",
  "defenderAdvance",
  "turn",
] as const;

/** The features of a position from the attacker's side, in SKIRMISH_FEATURES order. */
export function skirmishFeatures(state: SkirmishState): number[] {
  const vp = score(state).vp;
  return [1, (vp.attacker - vp.defender) / 2, ...sideFeatures(state, 0), ...sideFeatures(state, 1), state.turn / 10];
}
