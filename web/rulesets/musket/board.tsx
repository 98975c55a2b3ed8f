/**
 * How a musket battlefield looks: terrain drawn once per game as one path per kind (woods with
 * trees, towns with houses, hilltops with a contour, water, fords, bridges, roads joining their
 * neighbours), and the counters: side colour, the type's symbol, SP as pips, elite and leader marks.
 */
import { centre, hexPoints, type Piece } from "../../components/HexMap";
import { DIRECTIONS, printedId, terrainAt, toOffset, type Hex, type MusketState, type Terrain, type Unit, type UnitType } from "./engine";

/** Hex circumradius in map units. */
export const S = 30;
const COUNTER = S * 1.15;
/** The piece a finger must hit: a counter. */
export const PIECE = COUNTER;

const f = (n: number) => n.toFixed(1);
const hexPath = (x: number, y: number, s = S) => `M${hexPoints(x, y, s).replace(/ /g, "L")}Z`;

export const cellOf = (h: Hex): string => printedId(h);

/** Centre of an axial hex in map units. */
export function centreOfHex(h: Hex): [number, number] {
  const { col, row } = toOffset(h);
  return centre(col + 1, row + 1, S);
}

/** Every hex of the board, axial. */
export function boardHexes(map: MusketState["map"]): Hex[] {
  const out: Hex[] = [];
  for (let col = 0; col < map.cols; col++) for (let row = 0; row < map.rows; row++) out.push([col, row - Math.floor(col / 2)]);
  return out;
}

const ROADLIKE: readonly Terrain[] = ["road", "bridge", "ford"];

/** The terrain that never changes during a game. */
export function staticBoard(map: MusketState["map"]) {
  const fills: Partial<Record<Terrain, string>> = {};
  let trees = "";
  let houses = "";
  let contours = "";
  let tufts = "";
  let planks = "";
  let stones = "";
  let roads = "";
  for (const h of boardHexes(map)) {
    const t = terrainAt(map, h);
    const [x, y] = centreOfHex(h);
    fills[t] = (fills[t] ?? "") + hexPath(x, y);
    if (t === "woods")
      for (const [dx, dy] of [[-0.45, -0.35], [0.4, -0.42], [-0.05, 0.05], [-0.5, 0.45], [0.45, 0.4]] as const) trees += `M${f(x + dx * S)} ${f(y + dy * S - 6)}l5 9h-10z`;
    if (t === "town")
      for (const [dx, dy] of [[-0.35, -0.3], [0.25, -0.35], [-0.1, 0.3], [0.42, 0.28]] as const) houses += `M${f(x + dx * S - 4)} ${f(y + dy * S)}h8v-5l-4 -4l-4 4z`;
    if (t === "hilltop") contours += hexPath(x, y, S * 0.78) + hexPath(x, y, S * 0.5);
    if (t === "marsh") for (const [dx, dy] of [[-0.4, -0.3], [0.3, -0.2], [-0.2, 0.35], [0.4, 0.4]] as const) tufts += `M${f(x + dx * S - 5)} ${f(y + dy * S)}h10M${f(x + dx * S - 3)} ${f(y + dy * S - 4)}v4M${f(x + dx * S + 3)} ${f(y + dy * S - 4)}v4`;
    if (t === "bridge") planks += `M${f(x - S * 0.5)} ${f(y - S * 0.2)}h${f(S)}M${f(x - S * 0.5)} ${f(y + S * 0.2)}h${f(S)}`;
    if (t === "ford") stones += `M${f(x - S * 0.45)} ${f(y)}h${f(S * 0.9)}`;
    if (t === "road" || t === "bridge") {
      let linked = false;
      for (const [dq, dr] of DIRECTIONS) {
        const n: Hex = [h[0] + dq, h[1] + dr];
        const { col, row } = toOffset(n);
        const onMap = col >= 0 && col < map.cols && row >= 0 && row < map.rows;
        if (onMap && ROADLIKE.includes(terrainAt(map, n))) {
          const [nx, ny] = centreOfHex(n);
          roads += `M${f(x)} ${f(y)}L${f((x + nx) / 2)} ${f((y + ny) / 2)}`;
          linked = true;
        }
      }
      if (!linked) roads += `M${f(x - 4)} ${f(y)}h8`;
    }
  }
  return (
    <g class="board mk-board">
      {Object.entries(fills).map(([t, d]) => (
        <path key={t} class={`hex mk-t-${t}`} d={d} />
      ))}
      <path class="mk-contours" d={contours} />
      <path class="mk-roads" d={roads} />
      <path class="mk-planks" d={planks} />
      <path class="mk-stones" d={stones} />
      <path class="mk-tufts" d={tufts} />
      <path class="mk-trees" d={trees} />
      <path class="mk-houses" d={houses} />
    </g>
  );
}

/** Short words under the symbol, so a counter reads without a legend. */
export const TYPE_SHORT: Record<UnitType, string> = {
  line_infantry: "LINE",
  light_infantry: "LIGHT",
  dragoons: "DRAG",
  light_horse: "L.HORSE",
  horse: "HORSE",
  artillery: "GUNS",
};

/** NATO-style symbols: infantry crossed, cavalry one diagonal, dragoons both, artillery a ball. */
function symbol(type: UnitType, w: number, h: number, y: number) {
  const l = -w / 2;
  const r = w / 2;
  const t = y - h / 2;
  const b = y + h / 2;
  const cross = `M${l} ${t}L${r} ${b}M${r} ${t}L${l} ${b}`;
  const slash = `M${l} ${b}L${r} ${t}`;
  switch (type) {
    case "line_infantry":
      return <path class="mk-sym" d={cross} />;
    case "light_infantry":
      return <path class="mk-sym light" d={`${cross}M${l} ${y}h${w}`} />;
    case "dragoons":
      return <path class="mk-sym" d={`${slash}M${l} ${t}L${(l + r) / 2} ${y}`} />;
    case "light_horse":
      return <path class="mk-sym light" d={slash} />;
    case "horse":
      return <path class="mk-sym heavy" d={slash} />;
    case "artillery":
      return <circle class="mk-ball" cx={0} cy={y} r={h * 0.28} />;
  }
}

/** One counter drawn at (0,0). */
export function MusketCounter(p: { unit: Unit; leader: string | null; cls?: string }) {
  const { unit } = p;
  const a = COUNTER / 2;
  const w = COUNTER * 0.5;
  const h = COUNTER * 0.3;
  const sy = -COUNTER * 0.08;
  const pip = 3.2;
  const pips = Array.from({ length: unit.maxSp }, (_, i) => i);
  const x0 = -((unit.maxSp - 1) * (pip + 1.6)) / 2;
  return (
    <g class={`mk-counter side-${unit.side}${p.cls ? ` ${p.cls}` : ""}`}>
      <rect class="mk-body" x={-a} y={-a} width={COUNTER} height={COUNTER} rx={3} />
      <text class="mk-id" x={0} y={-a + 7}>
        {unit.id}
      </text>
      <rect class="mk-box" x={-w / 2} y={sy - h / 2} width={w} height={h} />
      {symbol(unit.type, w, h, sy)}
      <text class="mk-type" x={0} y={a - 9.5}>
        {TYPE_SHORT[unit.type]}
      </text>
      {pips.map((i) => (
        <rect key={i} class={`mk-pip${i < unit.sp ? " on" : ""}`} x={x0 + i * (pip + 1.6) - pip / 2} y={a - 6} width={pip} height={pip} />
      ))}
      <text class="mk-sp" x={-a + 3} y={sy + 3.5}>
        {unit.sp}
      </text>
      {unit.elite && (
        <text class="mk-elite" x={a - 5} y={sy + 3.5}>
          ★
        </text>
      )}
      {p.leader && (
        <g class="mk-leader">
          <circle cx={a - 1} cy={-a + 1} r={5.5} />
          <text x={a - 1} y={-a + 3.6}>
            L
          </text>
        </g>
      )}
    </g>
  );
}

/** The counters on the map; `cls` adds per-unit classes (active, done, target...). */
export function unitPieces(state: Pick<MusketState, "units" | "leaders">, cls: (u: Unit) => string): Piece[] {
  const leaderOf = new Map(state.leaders.map((l) => [l.unit, l.id]));
  return state.units.map((u) => ({
    cell: cellOf(u.hex),
    key: u.id,
    node: <MusketCounter unit={u} leader={leaderOf.get(u.id) ?? null} cls={cls(u)} />,
  }));
}
