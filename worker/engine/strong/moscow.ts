/** Battle for Moscow's evaluation: the German wins by holding Moscow after turn 7 (moscow.md). */
import { hexDistance, indexOf, MOSCOW, unitDef, CITY_OWNERS } from "../moscow/data";
import { moscowOwner } from "../moscow/cities";
import { strengthOf } from "../moscow/board";
import type { MoscowState } from "../moscow/state";
import type { Seat } from "../ruleset";

const CITY_COUNT = Object.keys(CITY_OWNERS).length;

/** The German's prospects: combat strength on the board, cities held, and Moscow held or how near his nearest unit is. */
function germanProspects(state: MoscowState): number {
  let german = 0;
  let soviet = 0;
  let nearest = 20;
  for (const unit of state.units) {
    const def = unitDef(unit.id);
    if (!def) continue;
    const strength = strengthOf(def, unit.strength);
    if (def.side === "german") {
      german += strength;
      if (unit.position && strength > 0) nearest = Math.min(nearest, hexDistance(indexOf(unit.position), MOSCOW));
    } else soviet += strength;
  }
  const strengthShare = german + soviet === 0 ? 0.5 : german / (german + soviet);
  const cities = Object.values(state.cityControl).filter((side) => side === "german").length / CITY_COUNT;
  const moscow = moscowOwner(state) === "german" ? 1 : Math.max(0, 1 - nearest / 20) * 0.6;
  return 0.4 * strengthShare + 0.2 * cities + 0.4 * moscow;
}

export const evaluateMoscow = (state: MoscowState, seat: Seat): number => (seat === "german" ? germanProspects(state) : 1 - germanProspects(state));
