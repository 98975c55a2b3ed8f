/**
 * Battle for Moscow's evaluation: the German wins by holding Moscow after turn 7 (moscow.md).
 * For a shipped scenario: the chance the German wins, a logistic regression on the position's
 * features (moscow-features.ts) fitted on standard self-play, one model for the positions with
 * the German to move and one with the Soviet to move (the search's futures end at the start of
 * the searching side's next player-turn, so each side's decisions read one model). For any
 * other: a hand-written weighing of Moscow, the cities and the strength left.
 */
import { hexDistance, indexOf, MOSCOW, unitDef, CITY_OWNERS, UNIT_DEFS } from "../moscow/data";
import { moscowOwner } from "../moscow/cities";
import { strengthOf } from "../moscow/board";
import { phaseOwner, type MoscowState } from "../moscow/state";
import type { Seat } from "../ruleset";
import { fittedChance } from "./fitted";
import { moscowFeatures } from "./moscow-features";

/** Coefficients over MOSCOW_FEATURES per shipped scenario and side to move, fitted by `node --import tsx bench/strong-fit-moscow.ts 2000 0.15 starts split`. */
const FITTED: Readonly<Record<string, readonly number[]>> = {"quickstart:german":[-2.842,0,1.937,0,0,-0.547,0.238,1.428,2.297,-0.559,-1.106,-1.565,0.468,2.165,1.145,-0.03,2.444,-1.243,0],"quickstart:soviet":[-2.155,0,3.801,0,0,-2.25,0,0,0,0,-0.213,0,0.735,2.591,0.91,0,4.422,-0.669,-2.155],"standard:german":[-2.934,0,1.491,0,0,-2.588,0,2.752,1.463,-0.601,-1.559,-0.788,1.117,1.514,1.586,-0.504,5.091,-1.597,0],"standard:soviet":[-1.793,0,3.521,0,0.097,-3.273,0,0,0,0,-0.257,0,0.977,2.156,1.022,0,4.214,-0.748,-1.793]};

const CITY_COUNT = Object.keys(CITY_OWNERS).length;
const FULL = { german: 0, soviet: 0 };
for (const def of UNIT_DEFS) FULL[def.side] += def.full;

/**
 * The German's prospects by hand: Moscow held, or how near his units stand to it on average; the
 * cities held; and each side's strength left of its whole order of battle (not their ratio: the
 * German must spend strength to win, and a ratio rewards him for not attacking).
 */
function germanProspects(state: MoscowState): number {
  let german = 0;
  let soviet = 0;
  let distances = 0;
  let onMap = 0;
  for (const unit of state.units) {
    const def = unitDef(unit.id);
    if (!def) continue;
    const strength = strengthOf(def, unit.strength);
    if (def.side === "german") {
      german += strength;
      if (unit.position && strength > 0) {
        distances += hexDistance(indexOf(unit.position), MOSCOW);
        onMap++;
      }
    } else soviet += strength;
  }
  const near = onMap === 0 ? 0 : Math.max(0, 1 - distances / onMap / 20);
  const cities = Object.values(state.cityControl).filter((side) => side === "german").length / CITY_COUNT;
  const moscow = moscowOwner(state) === "german" ? 1 : 0.6 * near;
  return 0.35 * moscow + 0.2 * cities + 0.25 * (1 - soviet / FULL.soviet) + 0.2 * (german / FULL.german);
}

export function evaluateMoscow(state: MoscowState, seat: Seat): number {
  const toMove = state.phase === "game_over" ? "german" : phaseOwner(state.phase);
  const weights = FITTED[`${state.scenario}:${toMove}`] ?? FITTED[state.scenario];
  const german = weights ? fittedChance(moscowFeatures(state), weights) : germanProspects(state);
  return seat === "german" ? german : 1 - german;
}
