/** The English the skirmish page shows for sides, models, hexes and choices. */
import { engaged, fromPrintedId, terrainAt, type ModelState, type SkirmishState, type Terrain } from "./engine";
import { cell } from "./board";

export const SIDE_WORD = ["Attacker", "Defender"] as const;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const TERRAIN_WORDS: Record<Terrain, string> = {
  clear: "open ground",
  rough: "rough ground (2 MU)",
  soft: "soft cover, a hedge or fence (2 MU)",
  hard: "hard cover, a low wall (2 MU)",
  blocking: "a building: blocks sight and movement",
};

/** "wounded 1, Delay 1, Fear 2 (Disordered), engaged": what a model carries. */
export function modelState(state: SkirmishState, m: ModelState): string {
  if (m.status === "ko") return "knocked out";
  if (m.status === "eliminated") return m.bottled ? "eliminated (bottled out)" : "eliminated";
  const bits: string[] = [];
  if (m.wounds) bits.push(plural(m.wounds, "wound"));
  if (m.delay) bits.push(`Delay ${m.delay}`);
  if (m.fear) bits.push(`Fear ${m.fear}${m.fear >= 3 ? " (Panicked)" : m.fear >= 2 ? " (Disordered)" : " (Nervous)"}`);
  if (engaged(state, m)) bits.push("engaged");
  if (m.profile.ranged && m.ammo > 0) bits.push(`${m.profile.ranged} needs ${plural(m.ammo, "reload")}`);
  if (m.done) bits.push("done this turn");
  return bits.length ? bits.join(", ") : "fresh";
}

export const modelLabel = (m: ModelState) => `${m.id} ${m.name}`;

/** A hex read aloud (hover, long press, keyboard): terrain, then the model on it. */
export function describeHex(id: string, state: SkirmishState, seatName: (s: string) => string): string {
  const h = fromPrintedId(id);
  if (!h) return id;
  const t = terrainAt(state.board, h);
  if (t === null) return id;
  let text = `${id}: ${TERRAIN_WORDS[t]}`;
  const m = state.models.find((x) => x.status !== "eliminated" && cell(x.hex) === id);
  if (m) text += ` · ${m.id} ${m.name} (${seatName(m.side === 0 ? "attacker" : "defender")}): ${modelState(state, m)}`;
  return text;
}
