/** The skirmish's evaluation: victory points as they would stand now (skirmish.md 13) and the battle points still in play. */
import { sideOfSeat, otherSide, sideModels, seatOf, type SideIndex, type SkirmishState } from "../skirmish/state";
import { inPlay } from "../skirmish/status";
import { score } from "../skirmish/victory";
import type { Seat } from "../ruleset";

const inPlayBP = (state: SkirmishState, side: SideIndex): number =>
  sideModels(state, side).reduce((sum, m) => sum + (inPlay(m) ? m.profile.bp / (1 + m.wounds) : 0), 0);

export function evaluateSkirmish(state: SkirmishState, seat: Seat): number {
  const side = sideOfSeat(seat);
  if (side === null) return 0;
  const foe = otherSide(side);
  if (state.phase === "deployment") return 0.5;
  const vp = score(state).vp;
  const lead = vp[seatOf(side)] - vp[seatOf(foe)];
  const own = inPlayBP(state, side);
  const enemy = inPlayBP(state, foe);
  const bpShare = own + enemy === 0 ? 0.5 : own / (own + enemy);
  return 0.5 * (0.5 + 0.5 * Math.tanh(lead / 2)) + 0.5 * bpShare;
}
