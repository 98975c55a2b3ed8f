/**
 * What a Battle for Moscow position says about its result, as numbers from the German's view:
 * Moscow held (the only victory condition, moscow.md "Cities and victory") and how long until the
 * end of turn 7, the other cities, each side's strength left, how near the German front stands to
 * Moscow and what each side has around it, the units cut off from their map edge (they can be
 * neither restored nor retreated far, moscow.md "Replacements"), and mud (turns 3 and 4 halve
 * attacks and allow one hex of movement). The evaluation (moscow.ts) weighs them with
 * coefficients fitted on standard self-play (bench/strong-fit-moscow.ts).
 */
import { CITY_AT, hexDistance, HEX_COUNT, indexOf, isMud, MOSCOW, UNIT_DEFS } from "../moscow/data";
import { strengthOf } from "../moscow/board";
import { communicationMap } from "../moscow/communication";
import { LAST_TURN, phaseOwner, type MoscowState } from "../moscow/state";

const DIST_MOSCOW: readonly number[] = Array.from({ length: HEX_COUNT }, (_, i) => hexDistance(i, MOSCOW));
const MOSCOW_NAME = CITY_AT.get(MOSCOW)!;
const OTHER_CITIES = CITY_AT.size - 1;
const FULL = { german: 0, soviet: 0 };
for (const def of UNIT_DEFS) FULL[def.side] += def.full;

export const MOSCOW_FEATURES = [
  "bias",
  "moscowGerman",
  "moscowGermanLate",
  "germanCities",
  "germanStrength",
  "sovietStrength",
  "germanFront",
  "germanFrontLate",
  "germanNearMean",
  "sovietInMoscow",
  "sovietRing",
  "sovietNear",
  "germanNear",
  "germanNextToMoscow",
  "sovietCutOff",
  "germanCutOff",
  "timeLeft",
  "mudAhead",
  "sovietToMove",
] as const;

/** How many of the mud turns (3, 4) are still to be played, as of `turn`. */
function mudTurnsAhead(turn: number): number {
  let n = 0;
  for (let t = turn; t <= LAST_TURN; t++) if (isMud(t)) n++;
  return n;
}

/** The features of a position from the German's view, in MOSCOW_FEATURES order. */
export function moscowFeatures(state: MoscowState): number[] {
  const germanLinked = communicationMap(state, "german");
  const sovietLinked = communicationMap(state, "soviet");
  let german = 0;
  let soviet = 0;
  let front = 12;
  const nearest: number[] = [];
  let sovietInMoscow = 0;
  let sovietRing = 0;
  let sovietNear = 0;
  let germanNear = 0;
  let germanNextToMoscow = 0;
  let sovietCut = 0;
  let germanCut = 0;
  for (let k = 0; k < UNIT_DEFS.length; k++) {
    const unit = state.units[k];
    const def = UNIT_DEFS[k]!;
    if (!unit?.position || unit.strength === "eliminated") continue;
    const strength = strengthOf(def, unit.strength);
    const at = indexOf(unit.position);
    if (at < 0) continue;
    const d = DIST_MOSCOW[at]!;
    if (def.side === "german") {
      german += strength;
      front = Math.min(front, d);
      nearest.push(d);
      if (d <= 3) germanNear += strength;
      if (d === 1) germanNextToMoscow += strength;
      if (germanLinked[at] !== 1) germanCut += strength;
    } else {
      soviet += strength;
      if (d === 0) sovietInMoscow += strength;
      else if (d === 1) sovietRing += strength;
      if (d <= 3) sovietNear += strength;
      if (sovietLinked[at] !== 1) sovietCut += strength;
    }
  }
  nearest.sort((a, b) => a - b);
  const six = nearest.slice(0, 6);
  const nearMean = six.length === 0 ? 12 : six.reduce((a, b) => a + b, 0) / six.length;
  let cities = 0;
  for (const [, name] of CITY_AT) if (name !== MOSCOW_NAME && state.cityControl[name] === "german") cities++;
  const moscowGerman = state.cityControl[MOSCOW_NAME] === "german" ? 1 : 0;
  const elapsed = Math.min(1, Math.max(0, state.turn / LAST_TURN));
  const frontNear = 1 - Math.min(front, 12) / 12;
  return [
    1,
    moscowGerman,
    moscowGerman * elapsed,
    cities / OTHER_CITIES,
    german / FULL.german,
    soviet / FULL.soviet,
    frontNear,
    frontNear * elapsed,
    1 - nearMean / 12,
    sovietInMoscow / 10,
    sovietRing / 30,
    sovietNear / 60,
    germanNear / 60,
    germanNextToMoscow / 30,
    soviet === 0 ? 0 : sovietCut / soviet,
    german === 0 ? 0 : germanCut / german,
    1 - elapsed,
    mudTurnsAhead(state.turn) / 2,
    state.phase !== "game_over" && phaseOwner(state.phase) === "soviet" ? 1 : 0,
  ];
}
