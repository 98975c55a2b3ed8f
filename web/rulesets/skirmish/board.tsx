/**
 * How a skirmish board looks: the odd-q rectangle drawn on the shared flat-top HexMap (cell
 * [q, r] is `printedId([q, r])`), terrain as one path per kind with a mark that reads without
 * colour (dots for rough ground, tufts for a hedge, courses for a wall, a roof for a building),
 * the deployment zones and the midline; each model a round token in its side's colour with its
 * id, its weapon, and its Wound, Delay and Fear tokens; a knocked-out model lies grey and crossed.
 */
import { centreOf, hexPath, px as f, type Piece } from "../../components/HexMap";
import { axialOf, engaged, printedId, type Hex, type ModelState, type SkirmishState, type Terrain } from "./engine";

/** Hex circumradius in map units. */
export const S = 30;

/** The piece a finger must hit: a model's round body (its diameter). */
export const PIECE = S * 1.2;

export const cell = (h: readonly number[] | null | undefined): string => (h ? printedId([h[0]!, h[1]!]) : "");

/** Terrain, zones and midline: the part of the board that never changes. */
export function staticBoard(state: Pick<SkirmishState, "board" | "deploymentDepth">) {
  const { cols, rows, terrain } = state.board;
  const kinds: Record<Terrain, string> = { clear: "", rough: "", soft: "", hard: "", blocking: "" };
  const at = new Map<string, Terrain>();
  for (const [t, hexes] of Object.entries(terrain) as [Terrain, Hex[]][]) for (const h of hexes) at.set(cell(h), t);
  let dots = "";
  let tufts = "";
  let courses = "";
  let roofs = "";
  let zones = "";
  for (let col = 0; col < cols; col++) {
    for (let row = 0; row < rows; row++) {
      const id = cell(axialOf(col, row));
      const t = at.get(id) ?? "clear";
      const [x, y] = centreOf(id, S);
      kinds[t] += hexPath(x, y, S);
      if (row < state.deploymentDepth || row >= rows - state.deploymentDepth) zones += hexPath(x, y, S);
      if (t === "rough") dots += `M${f(x - 9)} ${f(y - 6)}h2M${f(x + 6)} ${f(y - 9)}h2M${f(x - 2)} ${f(y + 2)}h2M${f(x + 9)} ${f(y + 7)}h2M${f(x - 12)} ${f(y + 9)}h2`;
      if (t === "soft") tufts += `M${f(x - 14)} ${f(y + 4)}l4 -8l4 8l4 -8l4 8l4 -8l4 8`;
      if (t === "hard") courses += `M${f(x - 15)} ${f(y - 4)}h30M${f(x - 15)} ${f(y + 4)}h30M${f(x - 6)} ${f(y - 4)}v8M${f(x + 6)} ${f(y - 4)}v8`;
      if (t === "blocking") roofs += `M${f(x - 14)} ${f(y + 6)}l14 -14l14 14`;
    }
  }
  // the midline runs between offset rows rows/2 - 1 and rows/2
  const [, yMid] = centreOf(cell(axialOf(0, rows / 2)), S);
  const [xEnd] = centreOf(cell(axialOf(cols - 1, 0)), S);
  return (
    <g class="board sk-board">
      {(Object.keys(kinds) as Terrain[]).map((t) => (
        <path key={t} class={`sk-t sk-${t}`} d={kinds[t]} />
      ))}
      <path class="sk-zone" d={zones} />
      <path class="sk-dots" d={dots} />
      <path class="sk-tufts" d={tufts} />
      <path class="sk-courses" d={courses} />
      <path class="sk-roofs" d={roofs} />
      <line class="sk-midline" x1={0} x2={xEnd + S} y1={f(yMid - (S * Math.sqrt(3)) / 2)} y2={f(yMid - (S * Math.sqrt(3)) / 2)} />
    </g>
  );
}

/** A short word for what a model fights with. */
export function weaponWord(m: ModelState): string {
  const r = m.profile.ranged;
  if (r) return r.startsWith("Crossbow") ? "xbow" : "bow";
  const w = m.profile.melee.toLowerCase();
  return w.startsWith("sword") ? "sword" : w.startsWith("spear") ? "spear" : w.startsWith("axe") ? "axe" : w.startsWith("dagger") ? "dagger" : "fist";
}

/** Small numbered badges: Wound (red, top right), Delay (blue, top left), Fear (purple, bottom). */
function badges(m: ModelState) {
  const r = S * 0.2;
  const out: preact.JSX.Element[] = [];
  const put = (n: number, cls: string, x: number, y: number, title: string) =>
    n > 0 &&
    out.push(
      <g key={cls} class={`sk-badge ${cls}`} transform={`translate(${f(x)} ${f(y)})`}>
        <title>{title}</title>
        <circle r={r} />
        <text y={3.2}>{n}</text>
      </g>,
    );
  put(m.wounds, "wound", S * 0.48, -S * 0.45, `${m.wounds} Wound`);
  put(m.delay, "delay", -S * 0.48, -S * 0.45, `${m.delay} Delay`);
  put(m.fear, "fear", 0, S * 0.62, `${m.fear} Fear`);
  return out;
}

/** The models on the map; `cls` adds classes per model (active, can act, target). */
export function modelPieces(state: SkirmishState, cls: (id: string) => string, override?: Record<string, string>): Piece[] {
  const out: Piece[] = [];
  for (const m of state.models) {
    const at = override?.[m.id] ?? (m.status !== "eliminated" ? cell(m.hex) : "");
    if (!at) continue;
    const ko = m.status === "ko";
    const status = ko ? "ko" : [m.done ? "done" : "", engaged(state, m) ? "engaged" : "", m.fear >= 2 ? "disordered" : ""].join(" ");
    out.push({
      cell: at,
      key: m.id,
      node: (
        <g class={`sk-model side-${m.side} ${status} ${cls(m.id)}`}>
          <circle class="sk-ring" r={S * 0.74} />
          {ko ? (
            <>
              <ellipse class="sk-body" rx={S * 0.6} ry={S * 0.36} />
              <path class="sk-ko" d={`M${-S * 0.3} ${-S * 0.2}L${S * 0.3} ${S * 0.2}M${S * 0.3} ${-S * 0.2}L${-S * 0.3} ${S * 0.2}`} />
              <text class="sk-id" y={-S * 0.45}>
                {m.id} KO
              </text>
            </>
          ) : (
            <>
              <circle class="sk-body" r={S * 0.6} />
              <text class="sk-id" y={1}>
                {m.id}
              </text>
              <text class="sk-weapon" y={S * 0.36}>
                {weaponWord(m)}
                {m.profile.ranged && m.ammo > 0 ? "·" : ""}
              </text>
              {badges(m)}
            </>
          )}
        </g>
      ),
    });
  }
  return out;
}
