/** The words of the musket page: sides, units, hexes, chances. */
import { commandPercent, fromPrintedId, hexText, inCommand, terrainAt, unitAt, UNIT_DEFS, type Hex, type MusketAction, type MusketState, type Side, type Terrain, type Unit } from "./engine";

export const sideName = (state: Pick<MusketState, "sides">, side: Side): string => state.sides[String(side) as "0" | "1"].name;
export const seatSide = (seat: string | null): Side | null => (seat === "blue" ? 0 : seat === "red" ? 1 : null);

export const pct = (p: number): string => `${Math.round(p * 100)}%`;

export const TERRAIN_WORDS: Record<Terrain, string> = {
  open: "open ground",
  woods: "woods (cover, blocks sight; light infantry only)",
  town: "town (cover, blocks sight; infantry only)",
  marsh: "marsh (impassable)",
  lake: "lake (impassable)",
  river: "river (impassable)",
  ford: "ford",
  bridge: "bridge",
  road: "road",
  hilltop: "hilltop (difficult; blocks ground-level sight)",
};

export const leaderOf = (state: Pick<MusketState, "leaders">, unit: Unit) => state.leaders.find((l) => l.unit === unit.id) ?? null;

/** "b-line-1, Blue Line Infantry, 3 of 4 SP, elite, leader b-L1" */
export function unitLine(state: MusketState, u: Unit): string {
  const l = leaderOf(state, u);
  return `${u.id}, ${sideName(state, u.side)} ${UNIT_DEFS[u.type].name}, ${u.sp} of ${u.maxSp} SP${u.elite ? ", elite" : ""}${l ? `, leader ${l.id} (radius ${l.radius})` : ""}${u.activated ? ", done this turn" : ""}`;
}

/** The command state of an own unit in words. */
export function commandLine(state: MusketState, u: Unit): string {
  if (inCommand(state, u)) return "in command";
  return `out of command: ${commandPercent(state, u)}% to act`;
}

/** The map's info line for a hex. */
export function describeHex(state: MusketState, cell: string): string {
  const h = fromPrintedId(cell) as Hex | null;
  if (!h) return cell;
  const u = unitAt(state, h);
  return `${hexText(h)} ${TERRAIN_WORDS[terrainAt(state.map, h)]}${u ? `: ${unitLine(state, u)}` : ""}`;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** An action as the queue of unsent actions lists it, units by id and hexes by printed id. */
export function actionLabel(state: MusketState, action: MusketAction): string {
  const acting = state.activeUnit ?? "";
  switch (action.type) {
    case "activate":
      return `Activate ${action.unit}`;
    case "move":
      return `${acting} to ${hexText(action.to)}`;
    case "fire":
      return `${acting} fires at ${action.target}`;
    case "charge":
      return `${acting} charges ${action.target}`;
    case "exit":
      return `${acting} leaves the map`;
    case "end_activation":
      return `End ${acting}'s activation`;
    case "end_turn":
      return "End the turn";
  }
}
