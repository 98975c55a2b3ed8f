/**
 * Flat-top hex geometry in map units. Cells are named by printed ids "CCRR" (column, row,
 * 1-based, odd-q: even printed columns sit half a hex lower).
 */

export const SQRT3 = Math.sqrt(3);

export const cellId = (col: number, row: number): string =>
  `${String(col).padStart(2, "0")}${String(row).padStart(2, "0")}`;

export function cellColRow(id: string): [number, number] {
  return [Number(id.slice(0, 2)), Number(id.slice(2, 4))];
}

/** Centre of a cell in map units. */
export function centre(col: number, row: number, s: number): [number, number] {
  const x = s + 1.5 * s * (col - 1);
  const y = (SQRT3 / 2) * s + SQRT3 * s * (row - 1 + ((col - 1) & 1 ? 0.5 : 0));
  return [x, y];
}

export const centreOf = (id: string, s: number): [number, number] => {
  const [c, r] = cellColRow(id);
  return centre(c, r, s);
};

export function hexPoints(cx: number, cy: number, s: number): string {
  let p = "";
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    p += `${(cx + s * Math.cos(a)).toFixed(2)},${(cy + s * Math.sin(a)).toFixed(2)} `;
  }
  return p.trim();
}

/** A hex as an SVG path, for boards that draw many hexes as one path. */
export const hexPath = (cx: number, cy: number, s: number) => `M${hexPoints(cx, cy, s).replace(/ /g, "L")}Z`;

/** A map coordinate as SVG path data writes it. */
export const px = (n: number) => n.toFixed(1);

/** Screen angle (degrees, y down) of each flat-top side, by name. */
export const SIDE_ANGLE: Record<string, number> = { SE: 30, NE: -30, N: -90, NW: -150, SW: 150, S: 90 };

/** The two corners of a named side. */
export function sideEnds(cx: number, cy: number, s: number, side: string): [number, number, number, number] {
  const a = SIDE_ANGLE[side]!;
  const r1 = ((a - 30) * Math.PI) / 180;
  const r2 = ((a + 30) * Math.PI) / 180;
  return [cx + s * Math.cos(r1), cy + s * Math.sin(r1), cx + s * Math.cos(r2), cy + s * Math.sin(r2)];
}

/** Midpoint of a named side. */
export function sideMid(cx: number, cy: number, s: number, side: string): [number, number] {
  const a = (SIDE_ANGLE[side]! * Math.PI) / 180;
  const d = (SQRT3 / 2) * s;
  return [cx + d * Math.cos(a), cy + d * Math.sin(a)];
}

/** Width and height of a cols x rows map, edge to edge. */
export function mapExtent(cols: number, rows: number, s: number): [number, number] {
  return [1.5 * s * (cols - 1) + 2 * s, SQRT3 * s * rows + (SQRT3 / 2) * s];
}

/** The cell whose centre is nearest a map point, or null when none is within a radius. */
export function nearestCell(cols: number, rows: number, s: number, mx: number, my: number): string | null {
  let best: string | null = null;
  let bestD = s * s;
  for (let c = 1; c <= cols; c++) {
    for (let r = 1; r <= rows; r++) {
      const [x, y] = centre(c, r, s);
      const d = (x - mx) ** 2 + (y - my) ** 2;
      if (d < bestD) {
        bestD = d;
        best = cellId(c, r);
      }
    }
  }
  return best;
}
