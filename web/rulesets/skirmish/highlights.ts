/**
 * What the map shows beyond the choices (which the board lights itself): for a replay step, its
 * moves as arrows, its attacks as red arrows and its models lit; otherwise the arrow to the hex
 * picked; and the acting model lit.
 */
import type { Arrow } from "../../components/HexMap";
import type { Frame } from "../../replay";
import { modelById, printedId, type Hex, type SkirmishState } from "./engine";
import { cell } from "./board";
import type { SkirmishPlay } from "./play";

export function boardHighlights(frame: Frame<SkirmishState> | null, play: SkirmishPlay): { arrows: Arrow[]; lit: Record<string, string> } {
  const { local, active } = play;
  const arrows: Arrow[] = [];
  const lit: Record<string, string> = {};
  if (frame) {
    for (const e of frame.events) {
      if ((e.kind === "moved" || e.kind === "disengaged") && Array.isArray(e.path)) {
        const from = e.kind === "moved" ? (e.from as Hex) : (modelById(frame.before, String(e.model))?.hex ?? null);
        if (from && e.to) arrows.push({ from: printedId(from), to: printedId(e.to as Hex), cls: "moved" });
      }
      if (e.kind === "close_attack" || e.kind === "range_attack") {
        const a = modelById(frame.before, String(e.attacker))?.hex;
        const t = modelById(frame.before, String(e.target))?.hex;
        if (a && t) arrows.push({ from: printedId(a), to: printedId(t), cls: "sk-attack" });
        lit[String(e.target)] = "sk-hit";
      }
      if (e.kind === "activated") lit[String(e.model)] = "sk-active";
    }
  } else if (play.picked && active) {
    const attack = play.pickedChoices.some((c) => c.action.type === "close_attack" || c.action.type === "range_attack");
    arrows.push({ from: cell(active.hex), to: play.picked, cls: attack ? "sk-attack" : "moved" });
  }
  const activeId = frame ? (frame.after.activation?.model ?? null) : (local.activation?.model ?? null);
  if (activeId && !lit[activeId]) lit[activeId] = "sk-active";
  return { arrows, lit };
}
