/**
 * The skirmish's evaluation. For a shipped scenario: the chance the attacker wins, a logistic
 * regression on the position's features (skirmish-features.ts) fitted on standard self-play. For
 * any other: victory points as they would stand now (skirmish.md 13) and the battle points still in play.
 */
import { sideOfSeat, otherSide, sideModels, seatOf, type SideIndex, type SkirmishState } from "../skirmish/state";
import { inPlay } from "../skirmish/status";
import { score } from "../skirmish/victory";
import type { Seat } from "../ruleset";
import { skirmishFeatures } from "./skirmish-features";
import { fittedChance } from "./fitted";

/** Coefficients over SKIRMISH_FEATURES per shipped scenario, fitted by `node --import tsx bench/strong-fit-skirmish.ts 1500 3 0.15`. */
const FITTED: Readonly<Record<string, readonly number[]>> = {"small-clash":[-1.225,2.277,-0.375,-1.915,-0.85,-0.381,10.056,-0.901,1.939,-0.324,0.9,-6.399,-1.79],"small-elimination":[0.226,3.637,0.23,-2.734,-0.004,-1.671,5.688,0.064,1.903,0.162,1.212,-5.201,-0.857]};

const inPlayBP = (state: SkirmishState, side: SideIndex): number =>
  sideModels(state, side).reduce((sum, m) => sum + (inPlay(m) ? m.profile.bp / (1 + m.wounds) : 0), 0);

export function evaluateSkirmish(state: SkirmishState, seat: Seat): number {
  const side = sideOfSeat(seat);
  if (side === null) return 0;
  const foe = otherSide(side);
  if (state.phase === "deployment") return 0.5;
  const weights = FITTED[state.scenario.id];
  if (weights) {
    const attacker = fittedChance(skirmishFeatures(state), weights);
    return side === 0 ? attacker : 1 - attacker;
  }
  const vp = score(state).vp;
  const lead = vp[seatOf(side)] - vp[seatOf(foe)];
  const own = inPlayBP(state, side);
  const enemy = inPlayBP(state, foe);
  const bpShare = own + enemy === 0 ? 0.5 : own / (own + enemy);
  return 0.5 * (0.5 + 0.5 * Math.tanh(lead / 2)) + 0.5 * bpShare;
}
