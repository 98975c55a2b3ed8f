/** Axial hex coordinates `[q, r]`, shared by every ruleset (see shared rules README). */
export type Hex = readonly [number, number];

/** Direction index 0-5: (+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1). */
export const DIRECTIONS: readonly Hex[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

export function hexKey(h: Hex): string {
  return `${h[0]},${h[1]}`;
}

export function distance(a: Hex, b: Hex): number {
  const dq = a[0] - b[0];
  const dr = a[1] - b[1];
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

export function neighbour(h: Hex, direction: number): Hex {
  const d = DIRECTIONS[((direction % 6) + 6) % 6]!;
  return [h[0] + d[0], h[1] + d[1]];
}

export function neighbours(h: Hex): Hex[] {
  return DIRECTIONS.map((d) => [h[0] + d[0], h[1] + d[1]] as Hex);
}

export function isAdjacent(a: Hex, b: Hex): boolean {
  return distance(a, b) === 1;
}

/** A hexside named by its two hexes, independent of order: "q1,r1|q2,r2" sorted. */
export function hexsideKey(a: Hex, b: Hex): string {
  const ka = hexKey(a);
  const kb = hexKey(b);
  return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
}

/** Odd-q offset (0-based col,row; odd columns shifted down) to axial. */
export function offsetToAxial(col: number, row: number): Hex {
  return [col, row - ((col - (col & 1)) >> 1)];
}

function axialToOffset(h: Hex): { col: number; row: number } {
  const col = h[0];
  return { col, row: h[1] + ((col - (col & 1)) >> 1) };
}

/** Printed CCRR id (0101 = top-left, 1-based column then row) of an odd-q map. */
export function printedId(h: Hex): string {
  const { col, row } = axialToOffset(h);
  return `${String(col + 1).padStart(2, "0")}${String(row + 1).padStart(2, "0")}`;
}

/**
 * A hex in a message, page, log or mail: the printed CCRR id the map shows with its hex numbers
 * ("0419"), the one way every ruleset names a hex to people (API clients read the axial pair in
 * the event's or the error's fields); only off the printed grid (left of or above the map), where
 * no id exists, the axial pair ("[-1,3] (off the map)").
 */
export function printedHexText(h: Hex): string {
  const { col, row } = axialToOffset(h);
  return col >= 0 && row >= 0 ? printedId(h) : `[${h[0]},${h[1]}] (off the map)`;
}

export function fromPrintedId(id: string): Hex | null {
  if (!/^\d{4}$/.test(id)) return null;
  return offsetToAxial(Number(id.slice(0, 2)) - 1, Number(id.slice(2, 4)) - 1);
}

/** True for a well-formed JSON hex: two safe integers. */
export function isHex(value: unknown): value is Hex {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isSafeInteger(value[0]) &&
    Number.isSafeInteger(value[1])
  );
}
