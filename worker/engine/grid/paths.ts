/**
 * The cheapest path to every hex a mover can reach on an odd-q rectangle, by offset
 * (col * rows + row): paths cost the entry cost of each hex, ties go to fewer steps, then to the
 * smaller sequence of direction indices (hex.ts's DIRECTIONS) from the start. WarShard's reach
 * and the skirmish's moves both search this way; each says what may be entered and where a path
 * must end.
 */
import { DIRECTIONS, type Hex } from "../hex";

export interface PathGrid {
  cols: number;
  rows: number;
  /** Entry cost of each hex by offset, at least 1; negative: it may not be entered. */
  enterCost: Int8Array;
  /** The hex at each offset, one tuple each, shared by every path on this grid (never change them). */
  hexes: readonly Hex[];
}

export interface PathSearch {
  start: number;
  /** The most a path may cost. */
  limit: number;
  /** Non-zero on a hex no path may enter (another mover stands there). */
  blocked: ArrayLike<number>;
  /** Non-zero on a hex where a path that enters it must end (the start excepted). */
  stops: ArrayLike<number> | null;
  /** When given, set to 1 on every hex whose `blocked` or `stops` value the search read. */
  read?: Uint8Array;
}

/** The hexes of a cols x rows odd-q rectangle by offset (frozen: paths share them). */
export function hexesByOffset(cols: number, rows: number): Hex[] {
  const hexes: Hex[] = [];
  for (let col = 0; col < cols; col++) for (let row = 0; row < rows; row++) hexes.push(Object.freeze([col, row - Math.floor(col / 2)]) as Hex);
  return hexes;
}

// the search's fields by offset, kept between calls (nothing outlives a call but its answer):
// a hex's best path is its cost, steps, last direction and the hex before, which never change
// once the hex is expanded
interface Scratch {
  size: number;
  /** The search that last reached each hex (an older stamp: unreached). */
  stamp: Int32Array;
  expanded: Int32Array;
  cost: Int32Array;
  steps: Int32Array;
  dir: Int8Array;
  parent: Int32Array;
  /** The hexes to expand, one list per cost: its first entry in `head`, the next in `queueNext`. */
  queue: Int32Array;
  queueNext: Int32Array;
  head: Int32Array;
  search: number;
}

function makeScratch(size: number, costs: number): Scratch {
  return {
    size,
    stamp: new Int32Array(size),
    expanded: new Int32Array(size),
    cost: new Int32Array(size),
    steps: new Int32Array(size),
    dir: new Int8Array(size),
    parent: new Int32Array(size),
    // a hex enters a list at most once from each of its six neighbours' expansions, the start once
    queue: new Int32Array(size * 6 + 1),
    queueNext: new Int32Array(size * 6 + 1),
    head: new Int32Array(costs),
    search: 0,
  };
}

let scratch: Scratch = makeScratch(0, 32);

function scratchFor(size: number, limit: number): Scratch {
  if (scratch.size < size || scratch.search > 0x3fffffff) scratch = makeScratch(Math.max(size, scratch.size), scratch.head.length);
  if (scratch.head.length <= limit) scratch.head = new Int32Array(limit + 1);
  scratch.search++;
  return scratch;
}

/** The column step to each neighbour, and the row step from an even (0) and an odd (1) column, in DIRECTIONS' order. */
const NEIGHBOUR_COLS = Int8Array.from(DIRECTIONS, ([dq]) => dq);
const NEIGHBOUR_ROWS: readonly Int8Array[] = [0, 1].map((parity) => Int8Array.from(DIRECTIONS, ([dq, dr]) => dr + Math.floor((parity + dq) / 2)));

/**
 * Between two paths of as many steps into the same hex, from `a` (last direction `da`) and from
 * `b` (`db`): negative when `a`'s sequence of directions is the smaller.
 */
function compareDirs(dir: Int8Array, parent: Int32Array, a: number, da: number, b: number, db: number): number {
  let order = da - db;
  // walking back from the end, the difference nearest the start decides
  while (a !== b) {
    if (dir[a] !== dir[b]) order = dir[a]! - dir[b]!;
    a = parent[a]!;
    b = parent[b]!;
  }
  return order;
}

/** Every hex other than the start a path within `limit` ends on, by offset, with its best path, as `end` makes it. */
export function cheapestPaths<T>(grid: PathGrid, search: PathSearch, end: (offset: number, cost: number, path: Hex[]) => T): T[] {
  const { cols, rows, enterCost, hexes } = grid;
  const { start, limit, blocked, stops, read } = search;
  const sc = scratchFor(cols * rows, limit);
  const { stamp, expanded, cost: costOf, steps: stepsOf, dir, parent, queue, queueNext, head } = sc;
  const generation = sc.search;
  stamp[start] = generation;
  costOf[start] = 0;
  stepsOf[start] = 0;
  dir[start] = -1;
  parent[start] = -1;
  let first = cols * rows;
  let last = -1;
  // every step costs at least 1, so a hex's paths of one cost all exist before that cost is
  // expanded: expanding by cost, each hex once with its best path, settles the best paths (the
  // order within a cost changes nothing)
  head.fill(-1, 0, limit + 1);
  let entries = 0;
  queue[entries] = start;
  queueNext[entries] = -1;
  head[0] = entries++;
  for (let c = 0; c <= limit; c++) {
    for (let e = head[c]!; e >= 0; e = queueNext[e]!) {
      const at = queue[e]!;
      if (costOf[at] !== c || expanded[at] === generation) continue;
      expanded[at] = generation;
      if (read) read[at] = 1;
      const ends = at !== start && stops !== null && stops[at] !== 0;
      const col = (at / rows) | 0;
      const row = at - col * rows;
      const deltas = NEIGHBOUR_ROWS[col & 1]!;
      const steps = stepsOf[at]! + 1;
      for (let d = 0; d < 6; d++) {
        const nc = col + NEIGHBOUR_COLS[d]!;
        const nr = row + deltas[d]!;
        if (nc < 0 || nc >= cols || nr < 0 || nr >= rows) continue;
        const next = nc * rows + nr;
        // read even where the path ends: what stands next to this hex may be what ends it
        if (read) read[next] = 1;
        if (ends) continue;
        const step = enterCost[next]!;
        if (step < 0 || blocked[next] !== 0) continue;
        const cost = c + step;
        if (cost > limit) continue;
        if (stamp[next] === generation) {
          const known = costOf[next]!;
          if (cost > known) continue;
          if (cost === known) {
            const knownSteps = stepsOf[next]!;
            if (steps > knownSteps) continue;
            if (steps === knownSteps && compareDirs(dir, parent, at, d, parent[next]!, dir[next]!) >= 0) continue;
          }
        } else {
          stamp[next] = generation;
          if (next < first) first = next;
          if (next > last) last = next;
        }
        costOf[next] = cost;
        stepsOf[next] = steps;
        dir[next] = d;
        parent[next] = at;
        queue[entries] = next;
        queueNext[entries] = head[cost]!;
        head[cost] = entries++;
      }
    }
  }
  const out: T[] = [];
  const back = queue;
  for (let at = first; at <= last; at++) {
    if (stamp[at] !== generation || at === start) continue;
    let n = 0;
    for (let p = at; p !== start; p = parent[p]!) back[n++] = p;
    const path: Hex[] = [];
    while (n > 0) path.push(hexes[back[--n]!]!);
    out.push(end(at, costOf[at]!, path));
  }
  return out;
}
