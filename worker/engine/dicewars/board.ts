import { DIRECTIONS, type Hex } from "../hex";

/** A packed array of `length` copies of `value` (`new Array(n).fill` makes a slower holey one). */
export function filled<T>(length: number, value: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < length; i++) out.push(value);
  return out;
}

const tables = new Map<number, Int16Array>();

/**
 * For an N x N board, `t[i * 6 + d]` is the index of the neighbour of cell i in direction d
 * (rules 2.1 order), or -1 off the board. Blocked cells are the caller's to skip.
 * Memoised per size: it depends on nothing else.
 */
export function neighbourTable(size: number): Int16Array {
  if (size === lastTableSize) return lastTable;
  let table = tables.get(size);
  if (table) return rememberTable(size, table);
  table = new Int16Array(size * size * 6).fill(-1);
  for (let q = 0; q < size; q++) {
    for (let r = 0; r < size; r++) {
      DIRECTIONS.forEach(([dq, dr], d) => {
        const nq = q + dq;
        const nr = r + dr;
        if (nq >= 0 && nq < size && nr >= 0 && nr < size) table![(q * size + r) * 6 + d] = nq * size + nr;
      });
    }
  }
  tables.set(size, table);
  return rememberTable(size, table);
}

// the last size asked for, answered without the map lookup (a game asks at every action)
let lastTableSize = -1;
let lastTable: Int16Array = new Int16Array(0);

function rememberTable(size: number, table: Int16Array): Int16Array {
  lastTableSize = size;
  lastTable = table;
  return table;
}

/** The cells of an N x N board by index, shared and frozen: an action or event names a cell without making one. */
const cellTables = new Map<number, readonly Hex[]>();

export function cellsOf(size: number): readonly Hex[] {
  if (size === lastCellsSize) return lastCells;
  let cells = cellTables.get(size);
  if (cells) return rememberCells(size, cells);
  const made: Hex[] = [];
  for (let i = 0; i < size * size; i++) made.push(Object.freeze([Math.floor(i / size), i % size] as const));
  cells = Object.freeze(made);
  cellTables.set(size, cells);
  return rememberCells(size, cells);
}

let lastCellsSize = -1;
let lastCells: readonly Hex[] = [];

function rememberCells(size: number, cells: readonly Hex[]): readonly Hex[] {
  lastCellsSize = size;
  lastCells = cells;
  return cells;
}

// the flood fill's work space, kept between calls (a game asks at every end of turn)
let seenSpace = new Uint8Array(0);
let stackSpace = new Int16Array(0);

/** Size of the largest group of connected cells where `owner[i] === player` (0 if none). */
export function largestGroup(size: number, owner: readonly number[], player: number): number {
  const table = neighbourTable(size);
  const cells = size * size;
  if (seenSpace.length < cells) {
    seenSpace = new Uint8Array(cells);
    stackSpace = new Int16Array(cells);
  } else seenSpace.fill(0, 0, cells);
  const seen = seenSpace;
  const stack = stackSpace;
  let best = 0;
  for (let start = 0; start < cells; start++) {
    if (seen[start] || owner[start] !== player) continue;
    seen[start] = 1;
    stack[0] = start;
    let top = 1;
    let count = 0;
    while (top > 0) {
      const i = stack[--top]!;
      count++;
      for (let d = 0; d < 6; d++) {
        const n = table[i * 6 + d]!;
        if (n >= 0 && owner[n] === player && !seen[n]) {
          seen[n] = 1;
          stack[top++] = n;
        }
      }
    }
    if (count > best) best = count;
  }
  return best;
}

/** Cells reachable from `start` through cells where `passable(i)` holds (start included). */
export function reachable(size: number, start: number, passable: (i: number) => boolean): Uint8Array {
  const table = neighbourTable(size);
  const seen = new Uint8Array(size * size);
  seen[start] = 1;
  const stack = [start];
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (let d = 0; d < 6; d++) {
      const n = table[i * 6 + d]!;
      if (n >= 0 && !seen[n] && passable(n)) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return seen;
}
