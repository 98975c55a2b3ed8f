/**
 * The German bot's battle plan. The German wins only by holding Moscow, and the Soviet rebuilds
 * five steps a turn against the German's one, so battles are judged by expected worth: ground
 * gained towards Moscow and Soviet units destroyed outright, against German steps spent.
 */
import { currentStrength, positionIndex, unitState } from "./board";
import { possibleAttacks } from "./attacks";
import { CITY_AT, isMud, MOSCOW, unitDef } from "./data";
import { crtFor } from "./crt";
import { byName, DIST_MOSCOW } from "./botplan";
import { attackStrength, oddsColumn } from "./odds";
import { canRetreat } from "./retreat";
import type { CrtResult, MoscowState } from "./state";

// Tuned on seeded self-play: a German step is worth a little less than a Soviet one to lose, as
// the German must spend steps to break through before the turn-7 deadline.
const LOSS_COST = 0.8;
/** A unit kept out of battle stays fresh (worth less in mud, when attacks are halved anyway). */
const IDLE = 0.1;
interface Declared {
  attackers: string[];
  defender: string;
}

/** What the German gains when the defender's hex falls empty (an attacker may advance into it). */
function groundValue(state: MoscowState, at: number): number {
  if (at === MOSCOW) return state.turn >= 5 ? 60 : 30;
  const d = DIST_MOSCOW[at]!;
  const city = CITY_AT.get(at);
  let v = d <= 1 ? 6 : d <= 2 ? 3 : 1;
  if (city && state.cityControl[city] !== "german") v += 4;
  return v;
}

/** Expected worth of one battle at `column`, in strength points (Soviet lost minus German lost, plus ground). */
function battleWorth(state: MoscowState, column: number, attackers: readonly string[], defender: string, trapped: boolean, ground: number): number {
  if (column < 1) return -1;
  const def = unitDef(defender)!;
  const u = unitState(state, defender)!;
  const full = u.strength === "full";
  const firstStep = full ? def.full - def.half : def.half;
  const kill = currentStrength(state, defender);
  // A German step lost on an exchange: the weakest attacker's step is what the bot will give up.
  let cheapest = Infinity;
  for (const a of attackers) cheapest = Math.min(cheapest, currentStrength(state, a) - (unitDef(a)!.half === currentStrength(state, a) ? 0 : unitDef(a)!.half));
  const exCost = Math.max(firstStep, cheapest);
  const table = crtFor(state.options.rules);
  let sum = 0;
  for (let die = 0; die < 6; die++) {
    const r: CrtResult = table[die]![column - 1]!;
    switch (r) {
      case "DR":
        sum += trapped ? kill + 2 : ground;
        break;
      case "DRL":
        sum += trapped || !full ? kill + 2 : firstStep + ground;
        break;
      case "DE":
        sum += kill + 2 + ground;
        break;
      case "EX":
        sum += firstStep + (full && !trapped ? ground : 0) - LOSS_COST * exCost;
        break;
      case "AL":
        sum -= LOSS_COST * cheapest;
        break;
      default:
        break;
    }
  }
  return sum / 6;
}

/** Battles for the German: Moscow first, then its ring and the cities, each judged by expected worth. */
export function chooseGermanBattles(state: MoscowState): Declared[] {
  const targets = possibleAttacks(state, "german")
    .map((t) => {
      const at = positionIndex(unitState(state, t.defender)!);
      const key = (at === MOSCOW ? -100 : 0) + (CITY_AT.has(at) ? -10 : 0) + 3 * DIST_MOSCOW[at]! + currentStrength(state, t.defender);
      return { defender: t.defender, attackers: t.possibleAttackers, at, key, trapped: !canRetreat(state, t.defender) };
    })
    .sort((a, b) => a.key - b.key || byName(a.defender, b.defender));
  const used = new Set<string>();
  const battles: Declared[] = [];
  const idle = isMud(state.turn) ? IDLE / 2 : IDLE;
  for (const t of targets) {
    const ground = groundValue(state, t.at);
    const pool = t.attackers
      .filter((a) => !used.has(a))
      .sort((a, b) => attackStrength(state, b) - attackStrength(state, a) || byName(a, b));
    let best: string[] = [];
    let bestWorth = 0;
    const chosen: string[] = [];
    for (const a of pool) {
      chosen.push(a);
      const w = battleWorth(state, oddsColumn(state, chosen, t.defender), chosen, t.defender, t.trapped, ground) - idle * chosen.length;
      if (w > bestWorth) {
        bestWorth = w;
        best = chosen.slice();
      }
    }
    if (best.length === 0) continue;
    // Strongest-first may overshoot: drop attackers, weakest first, that the odds column does not need.
    const column = oddsColumn(state, best, t.defender);
    for (let i = best.length - 1; i >= 0 && best.length > 1; i--) {
      const without = best.filter((_, j) => j !== i);
      if (oddsColumn(state, without, t.defender) >= column) best = without;
    }
    for (const a of best) used.add(a);
    battles.push({ attackers: best, defender: t.defender });
  }
  // Moscow goes last: the battles around it are resolved first, and their advances close its retreats.
  const m = battles.findIndex((b) => positionIndex(unitState(state, b.defender)!) === MOSCOW);
  if (m >= 0) battles.push(...battles.splice(m, 1));
  return battles;
}
