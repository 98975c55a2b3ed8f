/**
 * How a WarShard map and its counters look: the terrain (drawn once per game, one path per
 * kind), the victory-point hexes with their names and owners, and NATO-style counters showing
 * type, Power-Defence-Mobility and the unit's id; units sharing a hex (after a retreat) are
 * fanned out by the shared map.
 */
import { centreOf, hexPath as outline, px as f, type Piece } from "../../components/HexMap";
import { allHexes, hexName, printedId, terrainAt, UNIT_DEFS, vpOf, type Hex, type Unit, type UnitType, type WarshardState } from "./engine";

/** Hex circumradius in map units. */
export const S = 30;
export const COUNTER = S * 1.08;
/** The piece a finger must hit: a counter. */
export const PIECE = COUNTER;

const hexPath = (x: number, y: number) => outline(x, y, S);

export const cellOf = (h: Hex): string => printedId(h);

/** The outline of a cell named by its printed id (the shared map's cell id), as a path. */
export const hexPathOf = (cell: string): string => hexPath(...centreOf(cell, S));

export const centreOfHex = (h: Hex): [number, number] => centreOf(printedId(h), S);

/** Terrain marks drawn over a hex's fill, so each kind reads without colour too. */
const ART: Partial<Record<string, (x: number, y: number) => string>> = {
  forest: (x, y) =>
    [
      [-0.45, -0.35],
      [0.42, -0.4],
      [-0.05, 0.05],
      [-0.5, 0.45],
      [0.45, 0.42],
    ]
      .map(([dx, dy]) => `M${f(x + dx! * S)} ${f(y + dy! * S - 5)}l4.5 8h-9z`)
      .join(""),
  elevation: (x, y) => `M${f(x - S * 0.6)} ${f(y + S * 0.25)}q${f(S * 0.3)} -${f(S * 0.5)} ${f(S * 0.6)} 0q${f(S * 0.3)} -${f(S * 0.4)} ${f(S * 0.6)} 0`,
  defensible: (x, y) => `M${f(x - S * 0.6)} ${f(y + S * 0.45)}h4v-4h4v4h4v-4h4v4h4v-4h4v4h4v-4h4v4h4`,
  city: (x, y) => `M${f(x - 10)} ${f(y + 2)}h7v-10h7v6h6v4h-20zM${f(x - 6)} ${f(y + 6)}h12v6h-12z`,
  impassable: (x, y) => `M${f(x - 12)} ${f(y + 6)}l7 -12l5 7l4 -5l8 10zM${f(x - 2)} ${f(y - 8)}l3 -4l3 4`,
  water: (x, y) => `M${f(x - 14)} ${f(y - 4)}q3.5 -4 7 0t7 0t7 0t7 0M${f(x - 14)} ${f(y + 5)}q3.5 -4 7 0t7 0t7 0t7 0`,
  road: (x, y) => `M${f(x - S * 0.86)} ${f(y)}H${f(x + S * 0.86)}`,
};

/** The terrain: never changes during a game, so it is built once per map. */
export function staticBoard(state: Pick<WarshardState, "map">) {
  const fills: Record<string, string> = {};
  const marks: Record<string, string> = {};
  const names: preact.JSX.Element[] = [];
  for (const h of allHexes(state.map)) {
    const t = terrainAt(state.map, h) ?? "plains";
    const [x, y] = centreOfHex(h);
    fills[t] = (fills[t] ?? "") + hexPath(x, y);
    const art = ART[t];
    if (art) marks[t] = (marks[t] ?? "") + art(x, y);
    const name = hexName(state.map, h);
    if (name)
      names.push(
        <text key={printedId(h)} class="ws-name" x={x} y={y + S * 0.8}>
          {name}
        </text>,
      );
  }
  return (
    <g class="board ws-board">
      {Object.entries(fills).map(([t, d]) => (
        <path key={t} class={`hex ws-t-${t}`} d={d} />
      ))}
      {Object.entries(marks).map(([t, d]) => (
        <path key={t} class={`ws-art ws-art-${t}`} d={d} />
      ))}
      <g class="ws-names">{names}</g>
    </g>
  );
}

/** Victory-point hexes: a star with the points, coloured by the side that holds it. */
export function vpLayer(state: WarshardState) {
  return (
    <g class="ws-vps">
      {state.map.hexes
        .filter((h) => (h.vp ?? 0) > 0)
        .map((h) => {
          const [x, y] = centreOfHex(h.hex);
          const owner = state.control.find((c) => c.hex[0] === h.hex[0] && c.hex[1] === h.hex[1])?.side ?? null;
          const i = owner === null ? -1 : state.sides.indexOf(owner);
          return (
            <g key={printedId(h.hex)} class={`ws-vp own-${i < 0 ? "none" : `s${i}`}`}>
              {/* in the hex's corner, clear of a counter standing on it */}
              <circle cx={x + S * 0.66} cy={y - S * 0.6} r={S * 0.22} />
              <text x={x + S * 0.66} y={y - S * 0.6 + 3}>
                {vpOf(state.map, h.hex)}
              </text>
              <title>{`${vpOf(state.map, h.hex)} victory points${owner ? `, held by ${owner}` : ", held by nobody"}`}</title>
            </g>
          );
        })}
    </g>
  );
}

/** The NATO symbol inside a counter's box (w x h centred on 0,0). */
function symbol(type: UnitType, w: number, h: number) {
  const x0 = -w / 2;
  const y0 = -h / 2;
  const cross = `M${x0} ${y0}L${-x0} ${-y0}M${-x0} ${y0}L${x0} ${-y0}`;
  switch (type) {
    case "infantry":
      return <path class="ws-sym" d={cross} />;
    case "armor":
      return <ellipse class="ws-sym" cx={0} cy={0} rx={w * 0.34} ry={h * 0.3} />;
    case "mechanised":
      return (
        <>
          <path class="ws-sym" d={cross} />
          <ellipse class="ws-sym" cx={0} cy={0} rx={w * 0.34} ry={h * 0.3} />
        </>
      );
    case "artillery":
      return <circle class="ws-sym dot" cx={0} cy={0} r={h * 0.18} />;
    case "air_wing":
      return <path class="ws-sym" d={`M${x0 + 3} 1q${w / 4 - 1.5} -${h * 0.55} ${w / 2 - 3} 0q${w / 4 - 1.5} -${h * 0.55} ${w / 2 - 3} 0`} />;
    case "hq":
      return (
        <text class="ws-hq" x={0} y={h * 0.26}>
          HQ
        </text>
      );
  }
}

/** "6-3-6": Power, Defence, Mobility. */
export function valuesOf(type: UnitType): string {
  const d = UNIT_DEFS[type];
  // decision: an HQ's Power prints as 0 (the reference's "–" beside a hyphen read as "--0-2")
  return `${d.power}-${d.defence}-${d.mobility}`;
}

export function WsCounter({ unit, sideIndex, cls = "" }: { unit: Unit; sideIndex: number; cls?: string }) {
  const a = COUNTER / 2;
  const w = COUNTER * 0.5;
  const h = COUNTER * 0.3;
  const range = UNIT_DEFS[unit.type].range;
  return (
    <g class={`ws-counter s${sideIndex} ${cls}`}>
      <rect class="ws-body" x={-a} y={-a} width={COUNTER} height={COUNTER} rx={COUNTER * 0.08} />
      <text class="ws-id" x={0} y={-a + COUNTER * 0.25}>
        {unit.id}
      </text>
      {range !== null && (
        <text class="ws-range" x={a - 2.5} y={-a + COUNTER * 0.25}>
          {range}
        </text>
      )}
      <rect class="ws-box" x={-w / 2} y={-COUNTER * 0.08 - h / 2} width={w} height={h} />
      <g transform={`translate(0 ${f(-COUNTER * 0.08)})`}>{symbol(unit.type, w, h)}</g>
      <text class="ws-values" x={0} y={a - COUNTER * 0.09}>
        {valuesOf(unit.type)}
      </text>
    </g>
  );
}

/** The counters on the map, with per-unit classes (selected, allocated, moved...). */
export function unitPieces(state: WarshardState, cls: (u: Unit) => string): Piece[] {
  return state.units
    .filter((u) => u.status === "map" && u.hex)
    .map((u) => ({ cell: cellOf(u.hex!), key: u.id, node: <WsCounter unit={u} sideIndex={state.sides.indexOf(u.side)} cls={cls(u)} /> }));
}
