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

/** Coefficients over SKIRMISH_FEATURES per shipped scenario, fitted by `node --import tsx bench/strong-fit-skirmish.ts 1500 3 0.15`. */
const FITTED: Readonly<Record<string, readonly number[]>> = {"small-clash":[0.142,3.17,-0.254,-1.24,0.396,-0.265,-0.07,1.748,0.213,1.26,-0.991],"small-elimination":[0.221,4.631,-0.067,-2.848,0.288,-1.248,0.401,1.662,-0.18,0.963,0.338]};

const inPlayBP = (state: SkirmishState, side: SideIndex): number =>
  sideModels(state, side).reduce((sum, m) => sum + (inPlay(m) ? m.profile.bp / (1 + m.wounds) : 0), 0);

export function evaluateSkirmish(state: SkirmishState, seat: Seat): number {
  const side = sideOfSeat(seat);
  if (side === null) return 0;
  const foe = otherSide(side);
  if (state.phase === "deployment") return 0.5;
  const weights = FITTED[state.scenario.id];
  if (weights) {
    const features = skirmishFeatures(state);
    const attacker = 1 / (1 + Math.exp(-features.reduce((sum, f, i) => sum + f * weights[i]!, 0)));
    return side === 0 ? attacker : 1 - attacker;
  }
  const vp = score(state).vp;
  const lead = vp[seatOf(side)] - vp[seatOf(foe)];
  const own = inPlayBP(state, side);
  const enemy = inPlayBP(state, foe);
  const bpShare = own + enemy === 0 ? 0.5 : own / (own + enemy);
  return 0.5 * (0.5 + 0.5 * Math.tanh(lead / 2)) + 0.5 * bpShare;
}
