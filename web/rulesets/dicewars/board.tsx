/**
 * How a DiceWars board looks. The engine's axial rhombus (0 <= q, r < N) is drawn on the
 * shared flat-top HexMap, whose cells are named by odd-q printed ids: cell [q, r] is
 * `printedId([q, r])`, so the rhombus appears as a parallelogram (taller than wide: it suits
 * phones held upright). Open and blocked cells never change and are drawn once, as two paths;
 * owners are one path per player; each owned cell carries its strength and a row of dice.
 */
import { centreOf, hexPath, px as f, type Piece } from "../../components/HexMap";
import { EMPTY, cellAt, cellIndex, diceOfStrength, fromPrintedId, printedId, type DiceWarsState } from "./engine";

/** Hex circumradius in map units. */
export const S = 30;

export const cellId = (size: number, i: number): string => printedId(cellAt(size, i));

/** Engine cell index of a printed id, or -1 off the board. */
export function cellOfId(size: number, id: string): number {
  const h = fromPrintedId(id);
  if (!h || h[0] < 0 || h[1] < 0 || h[0] >= size || h[1] >= size) return -1;
  return cellIndex(size, h);
}

/** Columns and rows of the printed grid that holds the N x N rhombus. */
export function gridOf(size: number): { cols: number; rows: number } {
  const last = printedId([size - 1, size - 1]);
  return { cols: size, rows: Number(last.slice(2, 4)) };
}

const centreOfCell = (size: number, i: number) => centreOf(cellId(size, i), S);

/** Open and blocked cells: the part of the board that never changes. */
export function staticBoard(state: Pick<DiceWarsState, "size" | "blocked">) {
  let open = "";
  let blocked = "";
  let rocks = "";
  for (let i = 0; i < state.size * state.size; i++) {
    const [x, y] = centreOfCell(state.size, i);
    if (state.blocked[i]) {
      blocked += hexPath(x, y, S);
      // a few strokes of rubble, so a blocked cell reads as one without colour
      rocks += `M${f(x - 9)} ${f(y + 5)}l6 -9l5 6l4 -4l5 7M${f(x - 4)} ${f(y - 9)}l3 -3l4 3`;
    } else open += hexPath(x, y, S);
  }
  return (
    <g class="board dw-board">
      <path class="dw-open" d={open} />
      <path class="dw-blocked" d={blocked} />
      <path class="dw-rocks" d={rocks} />
    </g>
  );
}

/** Owned cells filled with their owner's colour, one path per player. */
export function ownerLayer(size: number, board: Pick<DiceWarsState, "owner">, players: number) {
  const paths: string[] = Array.from({ length: players }, () => "");
  board.owner.forEach((o, i) => {
    if (o === EMPTY || o >= players) return;
    const [x, y] = centreOfCell(size, i);
    paths[o] += hexPath(x, y, S * 0.985);
  });
  return (
    <g class="dw-owners">
      {paths.map((d, p) => (
        <path key={p} class={`dw-own p${p}`} d={d} />
      ))}
    </g>
  );
}

/** Small squares for the dice a strength is shown as (the seed's dice view), four to a row. */
function diceRows(strength: number): string {
  const n = diceOfStrength(strength).length;
  const w = 4.6;
  const gap = 1.4;
  let d = "";
  for (let k = 0; k < n; k++) {
    const row = Math.floor(k / 4);
    const inRow = Math.min(4, n - row * 4);
    const x0 = -(inRow * w + (inRow - 1) * gap) / 2;
    d += `M${f(x0 + (k % 4) * (w + gap))} ${f(6.5 + row * (w + gap))}h${w}v${w}h-${w}z`;
  }
  return d;
}

/** Strength and dice on every owned cell; `label` may replace the dice row (e.g. a win chance). */
export function cellPieces(size: number, board: Pick<DiceWarsState, "owner" | "strength">, cls: (i: number) => string, label: (i: number) => string | null): Piece[] {
  const out: Piece[] = [];
  board.owner.forEach((o, i) => {
    if (o === EMPTY) {
      const l = label(i);
      if (l) out.push({ cell: cellId(size, i), key: `c${i}`, node: <text class="dw-odds" y={4}>{l}</text> });
      return;
    }
    const s = board.strength[i]!;
    const l = label(i);
    out.push({
      cell: cellId(size, i),
      key: `c${i}`,
      node: (
        <g class={`dw-cell p${o} ${cls(i)}`}>
          <text class="dw-str" y={l ? -1 : 2.5}>
            {s}
          </text>
          {l ? (
            <text class="dw-odds" y={13}>
              {l}
            </text>
          ) : (
            <path class="dw-dice" d={diceRows(s)} />
          )}
        </g>
      ),
    });
  });
  return out;
}
