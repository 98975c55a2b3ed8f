/** Battle for Moscow's evaluation: the German wins by holding Moscow after turn 7 (moscow.md). */
import { hexDistance, indexOf, MOSCOW, unitDef, CITY_OWNERS, UNIT_DEFS } from "../moscow/data";
import { moscowOwner } from "../moscow/cities";
import { strengthOf } from "../moscow/board";
import type { MoscowState } from "../moscow/state";
import type { Seat } from "../ruleset";

const CITY_COUNT = Object.keys(CITY_OWNERS).length;
const FULL = { german: 0, soviet: 0 };
for (const def of UNIT_DEFS) FULL[def.side] += def.full;

/**
 * The German's prospects: Moscow held, or how near his units stand to it on average; the cities
 * held; and each side's strength left of its whole order of battle (not their ratio: the German
 * must spend strength to win, and a ratio rewards him for not attacking).
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

export const evaluateMoscow = (state: MoscowState, seat: Seat): number => (seat === "german" ? germanProspects(state) : 1 - germanProspects(state));

/**
 * Once the battles are declared: the order they are resolved in, losses, retreats and advances,
 * whose worth a short future shows. Not the declaration itself: legal() offers it one battle at
 * a time, and a short future prefers one safe battle to the standard computer's whole plan.
 */
export const moscowCombat = (state: MoscowState): boolean => (state.phase === "german_combat" || state.phase === "soviet_combat") && state.battlesDeclared;
