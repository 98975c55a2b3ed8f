/**
 * The musket game's evaluation. For a shipped scenario: the chance Blue wins, a logistic
 * regression on the position's features (musket-features.ts) fitted on standard self-play. For
 * any other scenario, by hand: how near each side is to its victory conditions (musket.md 4,
 * 10: eliminating, holding hexes, exiting units) and the strength left on both sides, the
 * tiebreak (decision 8). A side the turn limit favours needs only to stop the other.
 */
import { sideOfSeat, otherSide, type MusketState, type Side } from "../musket/state";
import { survivingSp } from "../musket/victory";
import type { Seat } from "../ruleset";
import { musketFeatures, progress } from "./musket-features";
import { fittedChance } from "./fitted";

/** The best of a side's alternatives: an ungrouped condition, or a group's members together. */
function objectives(state: MusketState, side: Side): number {
  const conditions = state.victory[String(side) as "0" | "1"];
  let best = 0;
  const groups = new Map<string, number[]>();
  for (const c of conditions) {
    const p = progress(state, side, c);
    if (c.group === undefined) best = Math.max(best, p);
    else groups.set(c.group, [...(groups.get(c.group) ?? []), p]);
  }
  for (const members of groups.values()) best = Math.max(best, members.reduce((a, b) => a + b, 0) / members.length);
  return state.turnLimitWinner === side && conditions.length === 0 ? 0.5 : best;
}

/**
 * Coefficients over MUSKET_FEATURES per shipped scenario, fitted by
 * `node --import tsx bench/strong-fit-musket.ts 1500 starts 0.15`: positions at the start of each
 * player turn (where the search's futures stop), from self-play with a random action in 15% of
 * the standard's places (without them Blue nearly always holds pitched-battle's hill and the fit
 * never learns what losing it costs). The-bridge's model alone was refitted with the last four
 * features (a side one loss from the other's elimination condition, the fire that may take its
 * units' last SP): `... strong-fit-musket.ts 1500 starts 0.15 the-bridge`; the other scenarios
 * weigh those four by 0 (their models are as fitted before them).
 */
const FITTED: Readonly<Record<string, readonly number[]>> = {"the-bridge":[4.686,3.207,-7.266,0.49,0.181,1.332,0,1.371,-1.03,1.727,-1.276,-6.164,0.755,-0.748,1.067,0.364,1.16,-0.749,2.664,0,0,-0.159,0.165,-0.1,-0.062],"rearguard":[-7.012,4.233,3.293,0.415,0,0,-4.076,0.353,-0.894,0.758,-2.117,9.028,6.328,-4.405,0.068,-0.506,0.957,-0.423,0,0,0.037,0,0,0,0],"pitched-battle":[-3.459,4.612,-1.898,1.031,-0.521,-0.093,-0.076,0.93,-1.793,1.104,-0.335,2.188,4.329,0.487,0.348,-1.33,0.425,0.052,1.174,0,0,0,0,0,0]};

export function evaluateMusket(state: MusketState, seat: Seat): number {
  const side = sideOfSeat(seat);
  if (side === null) return 0;
  const weights = FITTED[state.scenario.id];
  if (weights) {
    const blue = fittedChance(musketFeatures(state), weights);
    return side === 0 ? blue : 1 - blue;
  }
  const foe = otherSide(side);
  const own = survivingSp(state, side);
  const enemy = survivingSp(state, foe);
  const strength = own + enemy === 0 ? 0.5 : own / (own + enemy);
  const aims = 0.5 + 0.5 * (objectives(state, side) - objectives(state, foe));
  return 0.4 * strength + 0.6 * aims;
}

/** Inside a unit's activation (move, fire, charge, exit or end it), where a short future shows what the choice did; which unit to activate is left to the standard computer. */
export const musketActing = (state: MusketState): boolean => state.step === "action";
