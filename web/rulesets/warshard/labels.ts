/** Words the page uses for units, hexes, sides, phases and CRT results. */
import { hexName, printedId, sideTitle, terrainAt, UNIT_DEFS, unitById, unitsAt, fromPrintedId, TERRAIN_DEFS, vpOf, type Hex, type WarshardState } from "./engine";
import { valuesOf } from "./board";

/** "Germany"; short names such as "usa" are read as initials ("USA"): the engine's own words for a side, as the log and the mail say it. */
export const sideName = sideTitle;

/** "0506 Bastogne": the printed id the map shows (as the log and the mail name it), and the hex's name. */
export function hexText(state: WarshardState, h: Hex): string {
  const name = hexName(state.map, h);
  return `${printedId(h)}${name ? ` ${name}` : ""}`;
}

/** "armor 1" or "HQ 2 Model". */
export function unitText(state: WarshardState, id: string): string {
  const u = unitById(state, id);
  if (!u) return id;
  return `${UNIT_DEFS[u.type].name.toLowerCase().replace(/^hq$/, "HQ")} ${u.id}${u.name ? ` ${u.name}` : ""}`;
}

export const PHASE_TITLE: Record<string, string> = {
  movement: "Movement",
  attack: "Attacks",
  support: "Attack support",
  defense: "Defensive support",
  resolution: "Combat",
  upkeep: "Upkeep",
  game_over: "Game over",
};

export const RESULT_TEXT: Record<string, string> = {
  dr: "defender retreats",
  ar: "attackers retreat",
  EX: "exchange",
  DE: "defender eliminated",
  AE: "attackers eliminated",
  S: "no effect",
  none: "odds below 1-2: no combat",
  auto: "undefended: destroyed",
};

export const columnText = (c: string): string => (c === "none" ? "below 1-2" : c === "auto" ? "undefended" : c);

/** The line the map shows for a hex (hover, long press, keyboard cursor). */
export function describeHex(state: WarshardState, cell: string): string {
  const h = fromPrintedId(cell);
  if (!h) return cell;
  const t = terrainAt(state.map, h);
  if (t === null) return `${cell}: off the map`;
  const def = TERRAIN_DEFS[t];
  const terrain = `${t}${def.moveCost === null ? ", impassable" : `, costs ${def.moveCost / 2} MP`}${def.defenceMultiplier > 1 ? `, defence ×${def.defenceMultiplier}` : ""}`;
  const vp = vpOf(state.map, h);
  const units = unitsAt(state, h).map((u) => `${sideName(u.side)} ${unitText(state, u.id)} (${valuesOf(u.type)})`);
  return `${hexText(state, h)}: ${terrain}${vp ? `, ${vp} VP` : ""}${units.length ? ` · ${units.join(", ")}` : ""}`;
}
