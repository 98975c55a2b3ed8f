/**
 * Battle for Moscow's evaluation: the German wins by holding Moscow after turn 7 (moscow.md).
 * For a shipped scenario: the chance the German wins, a logistic regression on the position's
 * features (moscow-features.ts) fitted on standard self-play. For any other: a hand-written
 * weighing of Moscow, the cities and the strength left.
 */
import { hexDistance, indexOf, MOSCOW, unitDef, CITY_OWNERS, UNIT_DEFS } from "../moscow/data";
import { moscowOwner } from "../moscow/cities";
import { strengthOf } from "../moscow/board";
import type { MoscowState } from "../moscow/state";
import type { Seat } from "../ruleset";
import { fittedChance } from "./fitted";
import { moscowFeatures } from "./moscow-features";

/** Coefficients over MOSCOW_FEATURES per shipped scenario, fitted by `node --import tsx bench/strong-fit-moscow.ts 2000 0.15 starts`. */
const FITTED: Readonly<Record<string, readonly number[]>> = {"quickstart":[-2.224,0,3.161,0,0,-2.043,0,0,0.609,-0.071,-0.723,-0.361,0.643,2.41,1.167,0,2.886,-0.919,-0.997],"standard":[-1.407,0,2.963,0,0,-3.405,0,0,0.039,0,-0.927,-0.057,1.142,1.923,1.137,0,3.54,-1.047,-1.184]};

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
  const weights = FITTED[state.scenario];
  const german = weights ? fittedChance(moscowFeatures(state), weights) : germanProspects(state);
  return seat === "german" ? german : 1 - german;
}
