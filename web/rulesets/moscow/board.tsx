/** How the Battle for Moscow map and counters look: static layers drawn once, cities by owner. */
import { centre, hexPath, px as f, sideEnds, sideMid, type Piece } from "../../components/HexMap";
import { Counter } from "../../components/Counter";
import { MAP, printedId, unitDef, type MoscowState } from "./engine";

export const S = 30;
export const COUNTER = S * 1.12;
/** The piece a finger must hit: a counter. */
export const PIECE = COUNTER;


/**
 * Terrain, map edges, rails, rivers and forts: never changes, so it is built once, and drawn
 * as a handful of paths (one per kind) rather than a thousand elements: phones paint it faster.
 */
export function staticBoard() {
  const terrain: Record<string, string> = {};
  let trees = "";
  let rails = "";
  let rivers = "";
  let forts = "";
  for (const h of MAP.hexes) {
    const [x, y] = centre(h.col, h.row, S);
    const cls = `hex t-${h.terrain}${h.edge ? ` edge-${h.edge}` : ""}`;
    terrain[cls] = (terrain[cls] ?? "") + hexPath(x, y, S);
    if (h.terrain === "forest") {
      for (const [dx, dy] of [
        [-0.55, -0.45],
        [0.5, -0.5],
        [-0.62, 0.42],
        [0.58, 0.4],
      ] as const) {
        trees += `M${f(x + dx * S)} ${f(y + dy * S - 5)}l4 7h-8z`;
      }
    }
    for (const side of h.railLinks) {
      const [mx, my] = sideMid(x, y, S, side);
      rails += `M${f(x)} ${f(y)}L${f(mx)} ${f(my)}`;
    }
    for (const side of h.riverSides) {
      const [x1, y1, x2, y2] = sideEnds(x, y, S, side);
      rivers += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
    }
    // the usual fortification mark: a line with teeth, along the hex's lower left
    if (h.fort) forts += `M${f(x - S * 0.72)} ${f(y + S * 0.3)}h3v-3h3v3h3v-3h3v3h3`;
  }
  return (
    <g class="board">
      {Object.entries(terrain).map(([cls, d]) => (
        <path key={cls} class={cls} d={d} />
      ))}
      <path class="trees" d={trees} />
      <path class="rails" d={rails} />
      <path class="rails-ties" d={rails} />
      <path class="rivers" d={rivers} />
      <path class="forts" d={forts} />
    </g>
  );
}

/** City markers, names and owners (owners change during the game). */
export function cities(control: Record<string, string>) {
  return (
    <g class="cities">
      {MAP.cities.map((c) => {
        const h = MAP.hexes.find((x) => x.id === c.hex)!;
        const [x, y] = centre(h.col, h.row, S);
        const owner = control[c.name] ?? c.owner;
        const big = h.moscow;
        return (
          <g key={c.hex} class={`city owner-${owner}${big ? " moscow" : ""}`}>
            <rect class="city-mark" x={x - S * 0.3} y={y - S * 0.3} width={S * 0.6} height={S * 0.6} />
            <text class="city-name" x={x} y={y + S * 0.83}>
              {c.name}
            </text>
            <circle class="city-owner" cx={x + S * 0.62} cy={y + S * 0.56} r={S * 0.13}>
              <title>{`${c.name}: ${owner === "german" ? "German" : "Soviet"}`}</title>
            </circle>
          </g>
        );
      })}
    </g>
  );
}

/** The counters on the map, with per-unit CSS classes. */
export function unitPieces(state: MoscowState, cls: (id: string) => string, override?: Record<string, string>): Piece[] {
  const out: Piece[] = [];
  for (const u of state.units) {
    const def = unitDef(u.id)!;
    const cell = override?.[u.id] ?? (u.position && u.strength !== "eliminated" ? printedId(u.position) : null);
    if (!cell) continue;
    const half = override?.[u.id] ? def.side === "soviet" : u.strength === "half";
    out.push({
      cell,
      key: u.id,
      node: (
        <Counter
          id={u.id}
          side={def.side}
          kind={def.type}
          strength={half ? def.half : def.full}
          movement={def.ma}
          half={half}
          size={COUNTER}
          cls={cls(u.id)}
        />
      ),
    });
  }
  return out;
}
