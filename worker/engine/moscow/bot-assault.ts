/**
 * The German bot's battle plan. The German wins only by holding Moscow, and the Soviet rebuilds
 * five steps a turn against the German's one, so battles are judged by expected worth: ground
 * gained towards Moscow and Soviet units destroyed outright, against German steps spent.
 */
import { AT, byKeyThenRank, readUnits, STRENGTH, strongestFirst, targetsOf, trialColumn } from "./bot-odds";
import { CITY_AT, isMud, MOSCOW, UNIT_DEFS } from "./data";
import { crtFor } from "./crt";
import { DIST_MOSCOW, RANK_OF } from "./botplan";
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

/**
 * Expected worth of one battle at `column`, in strength points (Soviet lost minus German lost,
 * plus ground), with the first `count` of `attackers` (unit indices; the state last read).
 */
function battleWorth(state: MoscowState, column: number, attackers: readonly number[], count: number, defender: number, trapped: boolean, ground: number): number {
  if (column < 1) return -1;
  const def = UNIT_DEFS[defender]!;
  const full = state.units[defender]!.strength === "full";
  const firstStep = full ? def.full - def.half : def.half;
  const kill = STRENGTH[defender]!;
  // A German step lost on an exchange: the weakest attacker's step is what the bot will give up.
  let cheapest = Infinity;
  for (let j = 0; j < count; j++) {
    const a = attackers[j]!;
    const strength = STRENGTH[a]!;
    const half = UNIT_DEFS[a]!.half;
    cheapest = Math.min(cheapest, strength - (half === strength ? 0 : half));
  }
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
  readUnits(state);
  const units = state.units;
  const targets = byKeyThenRank(
    targetsOf(state, "german").map((t) => {
      const at = AT[t.defender]!;
      const key = (at === MOSCOW ? -100 : 0) + (CITY_AT.has(at) ? -10 : 0) + 3 * DIST_MOSCOW[at]! + STRENGTH[t.defender]!;
      return { defender: t.defender, attackers: t.attackers, at, key, trapped: !canRetreat(state, units[t.defender]!.id) };
    }),
    RANK_OF,
  );
  const used = new Uint8Array(UNIT_DEFS.length);
  const battles: { attackers: number[]; defender: number }[] = [];
  const idle = isMud(state.turn) ? IDLE / 2 : IDLE;
  for (const t of targets) {
    const ground = groundValue(state, t.at);
    const pool = strongestFirst(t.attackers, used, RANK_OF);
    let best: number[] = [];
    let bestWorth = 0;
    for (let count = 1; count <= pool.length; count++) {
      const w = battleWorth(state, trialColumn(pool, count, t.defender), pool, count, t.defender, t.trapped, ground) - idle * count;
      if (w > bestWorth) {
        bestWorth = w;
        best = pool.slice(0, count);
      }
    }
    if (best.length === 0) continue;
    // Strongest-first may overshoot: drop attackers, weakest first, that the odds column does not need.
    const column = trialColumn(best, best.length, t.defender);
    for (let i = best.length - 1; i >= 0 && best.length > 1; i--) {
      const without = best.filter((_, j) => j !== i);
      if (trialColumn(without, without.length, t.defender) >= column) best = without;
    }
    for (const a of best) used[a] = 1;
    battles.push({ attackers: best, defender: t.defender });
  }
  // Moscow goes last: the battles around it are resolved first, and their advances close its retreats.
  const m = battles.findIndex((b) => AT[b.defender] === MOSCOW);
  if (m >= 0) battles.push(...battles.splice(m, 1));
  return battles.map((b) => ({ attackers: b.attackers.map((k) => units[k]!.id), defender: units[b.defender]!.id }));
}
