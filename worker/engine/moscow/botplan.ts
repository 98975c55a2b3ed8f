/** The bot's judgement: where units want to stand and which battles are worth fighting. */
import { distance } from "../hex";
import type { Rng } from "../rng";
import { AT, byKeyThenRank, readUnits, STRENGTH, strongestFirst, targetsOf, trialColumn } from "./bot-odds";
import { CITY_AT, FOREST, FORT, HEX_COUNT, hexOf, isMud, MOSCOW, RAIL, SIDE_INDEX, UNIT_DEFS, UNIT_INDEX, type Side, type UnitDef } from "./data";
import { moveMode } from "./reach";
import { enemyZoc, keptReach, syncBoard, type Board } from "./reach-memo";
import type { MoscowState } from "./state";

/** Hex distance to Moscow, by hex index. */
export const DIST_MOSCOW: readonly number[] = Array.from({ length: HEX_COUNT }, (_, i) => distance(hexOf(i), hexOf(MOSCOW)));

interface Picture {
  occ: readonly number[];
  /** Enemy units adjacent to each hex (non-zero exactly on the enemy's ZOC). */
  enemyAdjacent: readonly number[];
  /** Closest any German unit stands to Moscow. */
  germanFront: number;
}

/** Each side's unit indices, in order. */
const SIDE_UNITS: Readonly<Record<Side, readonly number[]>> = {
  german: UNIT_DEFS.flatMap((d, k) => (d.side === "german" ? [k] : [])),
  soviet: UNIT_DEFS.flatMap((d, k) => (d.side === "soviet" ? [k] : [])),
};

// One picture, filled again at each move choice (only the Soviet's values read the German front).
const PICTURE = { occ: [] as readonly number[], enemyAdjacent: [] as readonly number[], germanFront: 99 };
// The German front depends on German positions only: kept with the German move count it was worked out at.
let frontMoves = -1;
let front = 99;

function picture(side: Side, board: Board): Picture {
  if (side === "soviet" && board.moves[0] !== frontMoves) {
    frontMoves = board.moves[0];
    front = 99;
    for (const k of SIDE_UNITS.german) {
      const i = board.at[k]!;
      if (i >= 0) front = Math.min(front, DIST_MOSCOW[i]!);
    }
  }
  PICTURE.occ = board.occ;
  PICTURE.enemyAdjacent = enemyZoc(board, side);
  PICTURE.germanFront = side === "soviet" ? front : 99;
  return PICTURE;
}


/** Order of unit ids under localeCompare (computed once: the bot breaks ties by it). */
const NAME_RANK: ReadonlyMap<string, number> = new Map(UNIT_DEFS.map((d) => [d.id, UNIT_DEFS.filter((o) => o.id.localeCompare(d.id) < 0).length]));
/** a.localeCompare(b) for two unit ids, by table. */
export const byName = (a: string, b: string): number => NAME_RANK.get(a)! - NAME_RANK.get(b)!;
/** NAME_RANK by unit index. */
export const RANK_OF: readonly number[] = UNIT_DEFS.map((d) => NAME_RANK.get(d.id)!);
if (new Set(RANK_OF).size !== UNIT_DEFS.length) throw new Error("unit ids must be distinct under localeCompare");
const byRank = (units: readonly number[]): readonly number[] => units.slice().sort((a, b) => RANK_OF[a]! - RANK_OF[b]!);

/** Each side's unit indices, and its panzers' (the only units that move in the panzer movement phase), by name. */
const SIDE_BY_RANK: Readonly<Record<Side, readonly number[]>> = {
  german: byRank(SIDE_UNITS.german),
  soviet: byRank(SIDE_UNITS.soviet),
};
const PANZERS_BY_RANK: Readonly<Record<Side, readonly number[]>> = {
  german: SIDE_BY_RANK.german.filter((k) => UNIT_DEFS[k]!.type === "panzer"),
  soviet: SIDE_BY_RANK.soviet.filter((k) => UNIT_DEFS[k]!.type === "panzer"),
};
// Units by distance to Moscow, then by name: a counting sort by distance of units taken in name order.
const BY_DISTANCE = new Int32Array(Math.max(...DIST_MOSCOW) + 2);
const DISTANCE_OF = new Int32Array(UNIT_DEFS.length);
const ELIGIBLE = new Int32Array(UNIT_DEFS.length);
const ORDER = new Int32Array(UNIT_DEFS.length);

const CITY_OF: readonly (string | undefined)[] = Array.from({ length: HEX_COUNT }, (_, i) => CITY_AT.get(i));

/** How much `side` likes having unit `def` on hex `h` at the end of this phase. */
function hexValue(state: MoscowState, side: Side, def: UnitDef, h: number, pic: Picture): number {
  const city = CITY_OF[h];
  let v = 0;
  if (side === "german") {
    v -= 3 * DIST_MOSCOW[h]!;
    if (city && state.cityControl[city] !== "german") v += h === MOSCOW ? 1000 : 6;
    const adj = pic.enemyAdjacent[h]!;
    if (adj > 0) {
      // Next to Soviet units: attack them (panzers now, infantry next turn); too many is risky.
      v += (state.phase === "german_panzer_movement" || def.type === "infantry" ? 4 : 1) - (adj > 2 ? 2 : 0);
    }
    if (FOREST[h]) v += 0.5;
  } else {
    if (h === MOSCOW) v += 1000;
    const target = Math.max(1, pic.germanFront - 1);
    const d = DIST_MOSCOW[h]!;
    v -= 2 * Math.abs(d - target) + (d > pic.germanFront ? 4 : 0);
    if (FORT[h]) v += 3;
    if (FOREST[h]) v += 2;
    if (city && state.cityControl[city] !== "soviet") v += 8;
    else if (city) v += 1;
    const adj = pic.enemyAdjacent[h]!;
    if (adj > 0 && !FORT[h] && !FOREST[h]) v -= 2 * adj;
    // Late in the game, fall back on the Moscow ring.
    if (state.turn >= 5 && d <= 2) v += 3;
  }
  return v;
}

// hexValue by hex, for each of the two kinds of unit (German units differ only in how much they
// like an enemy next to them), kept while what it reads stays: the phase and turn, the cities'
// owners and where the enemy stands (the German front, for the Soviet). A movement phase's own
// moves change none of it, and a hex is in the reach of several units, weighed at every move.
const VALUE = new Float64Array(2 * HEX_COUNT);
const VALUE_STAMP = new Int32Array(2 * HEX_COUNT);
let valueStamp = 0;
let valuedSide = "";
let valuedPhase = "";
let valuedTurn = -1;
let valuedCities: MoscowState["cityControl"] | null = null;
let valuedEnemyMoves = -1;

/** The stamp of VALUE's entries that hold for `side` in `state` (a new one when what hexValue reads changed). */
function valueStampFor(state: MoscowState, side: Side, enemyMoves: number): number {
  if (side !== valuedSide || state.phase !== valuedPhase || state.turn !== valuedTurn || state.cityControl !== valuedCities || enemyMoves !== valuedEnemyMoves) {
    valuedSide = side;
    valuedPhase = state.phase;
    valuedTurn = state.turn;
    valuedCities = state.cityControl;
    valuedEnemyMoves = enemyMoves;
    if (++valueStamp > 0x3fffffff) {
      VALUE_STAMP.fill(0);
      valueStamp = 1;
    }
  }
  return valueStamp;
}

// The units that moved this phase, within one chooseMove: marked with its stamp.
const MOVED = new Int32Array(UNIT_DEFS.length);
let movedStamp = 0;

/** The table row of hexValue for `def`: 0 or HEX_COUNT. */
const valueRow = (state: MoscowState, side: Side, def: UnitDef): number =>
  side === "german" && state.phase !== "german_panzer_movement" && def.type !== "infantry" ? HEX_COUNT : 0;

/** The bot's next move in a movement phase, or null when no unit wants to move. */
export function chooseMove(state: MoscowState, side: Side, rng: Rng): { unitId: string; to: [number, number] } | null {
  const mode = moveMode(state);
  const board = syncBoard(state);
  const at = board.at;
  const pic = picture(side, board);
  let n = 0;
  // mayMove(state, side, k) for each unit, inline: this runs at every move the computer makes
  // the units that moved this phase, marked by index (a search of the list per unit adds up)
  if (++movedStamp > 0x3fffffff) {
    MOVED.fill(0);
    movedStamp = 1;
  }
  const moved = state.movedThisPhase;
  for (let j = 0; j < moved.length; j++) {
    const k = UNIT_INDEX.get(moved[j]!);
    if (k !== undefined) MOVED[k] = movedStamp;
  }
  const rail = state.phase === "soviet_rail_movement";
  const candidates = state.phase === "german_panzer_movement" ? PANZERS_BY_RANK[side] : SIDE_BY_RANK[side];
  BY_DISTANCE.fill(0);
  for (let c = 0; c < candidates.length; c++) {
    const k = candidates[c]!;
    // off the map on the synced board: no position (the board has read every unit record)
    if (at[k]! < 0 || MOVED[k] === movedStamp || (rail && RAIL[at[k]!] !== 1)) continue;
    // The Moscow garrison stays.
    if (side === "soviet" && at[k] === MOSCOW) continue;
    const d = DIST_MOSCOW[at[k]!]!;
    ELIGIBLE[n] = k;
    DISTANCE_OF[n++] = d;
    BY_DISTANCE[d + 1]!++;
  }
  // Units nearer Moscow move first so the rest can pass them (then by name).
  for (let d = 1; d < BY_DISTANCE.length; d++) BY_DISTANCE[d]! += BY_DISTANCE[d - 1]!;
  for (let e = 0; e < n; e++) ORDER[BY_DISTANCE[DISTANCE_OF[e]!]!++] = ELIGIBLE[e]!;
  const zoc = pic.enemyAdjacent; // the enemy's ZOC
  const occ = pic.occ;
  const stamp = valueStampFor(state, side, board.moves[1 - SIDE_INDEX[side]]!);
  for (let o = 0; o < n; o++) {
    const k = ORDER[o]!;
    const start = at[k]!;
    const def = UNIT_DEFS[k]!;
    const row = valueRow(state, side, def);
    if (VALUE_STAMP[row + start] !== stamp) {
      VALUE_STAMP[row + start] = stamp;
      VALUE[row + start] = hexValue(state, side, def, start, pic);
    }
    const here = VALUE[row + start]!;
    let best = -1;
    let bestValue = here + 0.75;
    const reach = keptReach(k, start, mode, zoc);
    for (let j = 0; j < reach.length; j++) {
      const h = reach[j]!;
      if (occ[h] !== -1) continue; // a destination is empty
      const cell = row + h;
      if (VALUE_STAMP[cell] !== stamp) {
        VALUE_STAMP[cell] = stamp;
        VALUE[cell] = hexValue(state, side, def, h, pic);
      }
      const v = VALUE[cell]! + rng.float() * 0.5;
      if (v > bestValue) {
        bestValue = v;
        best = h;
      }
    }
    if (best >= 0) {
      const to = hexOf(best);
      return { unitId: state.units[k]!.id, to: [to[0], to[1]] };
    }
  }
  return null;
}

/** Battles worth declaring: strongest-first attackers until the odds are good, then leftovers pile in. */
export function chooseBattles(state: MoscowState, side: Side): { attackers: string[]; defender: string }[] {
  // The German must take Moscow by the end of turn 7: more daring as time runs out.
  const wanted = side === "german" ? (isMud(state.turn) || state.turn >= 5 ? 2 : 3) : 3;
  readUnits(state);
  const targets = byKeyThenRank(
    targetsOf(state, side).map((t) => {
      const at = AT[t.defender]!;
      const key = (at === MOSCOW ? -100 : 0) + (CITY_AT.has(at) ? -10 : 0) + 3 * DIST_MOSCOW[at]! + STRENGTH[t.defender]!;
      return { defender: t.defender, possibleAttackers: t.attackers, at, key };
    }),
    RANK_OF,
  );
  const used = new Uint8Array(UNIT_DEFS.length);
  const battles: { attackers: number[]; defender: number; from: number[] }[] = [];
  for (const t of targets) {
    const candidates = strongestFirst(t.possibleAttackers, used, RANK_OF);
    let chosen = 0;
    let column = 0;
    while (chosen < candidates.length) {
      chosen++;
      column = trialColumn(candidates, chosen, t.defender);
      if (column >= wanted) break;
    }
    const lastChance = side === "german" && state.turn >= 6 && DIST_MOSCOW[t.at]! <= 1;
    const need = lastChance ? 1 : t.at === MOSCOW || (side === "soviet" && CITY_AT.has(t.at)) ? Math.min(wanted, 2) : wanted;
    if (column >= need) {
      const attackers = candidates.slice(0, chosen);
      for (const a of attackers) used[a] = 1;
      battles.push({ attackers, defender: t.defender, from: t.possibleAttackers });
    }
  }
  // Leftover adjacent units join a battle when that raises its odds column.
  for (const b of battles) {
    for (const a of b.from) {
      if (used[a]) continue;
      const before = trialColumn(b.attackers, b.attackers.length, b.defender);
      b.attackers.push(a);
      if (trialColumn(b.attackers, b.attackers.length, b.defender) > before) used[a] = 1;
      else b.attackers.pop();
    }
  }
  const units = state.units;
  return battles.map((b) => ({ attackers: b.attackers.map((k) => units[k]!.id), defender: units[b.defender]!.id }));
}
