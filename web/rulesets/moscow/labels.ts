/** The English the Moscow page shows for sides, units, hexes and owed choices. */
import type { GameEventJson } from "../../api";
import { hexLabel, MAP, sideName, unitDef, type MoscowAction, type MoscowState } from "./engine";

export const unitLabel = (id: string) => {
  const d = unitDef(id);
  return d ? `${id} (${d.type === "panzer" ? "panzer" : d.side === "german" ? "infantry" : "army"})` : id;
};

/** A hex read aloud (the map's screen-reader text): terrain, city and owner, and its unit. */
export function describeHex(c: string, state: MoscowState, at: Map<string, string>): string {
  const h = MAP.hexes.find((x) => x.id === c);
  if (!h) return c;
  const bits: string[] = [h.terrain];
  if (h.fort) bits.push("fortification");
  if (h.rail) bits.push("railway");
  if (h.riverSides.length) bits.push("river");
  let text = `${c}${h.city ? ` ${h.city} (${sideName(state.cityControl[h.city] ?? "soviet")})` : ""}: ${bits.join(", ")}`;
  const u = at.get(c);
  if (u) {
    const d = unitDef(u)!;
    const st = state.units.find((x) => x.id === u)!;
    // the name usually starts with the id ("XLVII Panzer Corps"): say it once
    text += ` · ${sideName(d.side)} ${d.name.startsWith(u) ? d.name : `${u} ${d.name}`}, ${st.strength === "full" ? d.full : d.half}-${d.ma}${st.strength === "half" ? " (half strength)" : ""}`;
  }
  return text;
}

/** One owed choice (losses, retreat, advance) as a button or queue line says it. */
export function optionLabel(o: MoscowAction, state: MoscowState): string {
  if (o.type === "choose_losses") {
    const n = new Map<string, number>();
    for (const s of o.steps) n.set(s, (n.get(s) ?? 0) + 1);
    return (
      [...n]
        .map(([id, k]) => {
          const st = state.units.find((u) => u.id === id)?.strength;
          const d = unitDef(id);
          const dies = k >= 2 || st === "half";
          // say what the unit becomes: its half-strength side, or gone
          if (dies) return `${id} is eliminated${d ? ` (${st === "half" ? d.half : d.full}-${d.ma} removed)` : ""}`;
          return d ? `${id} loses a step: ${d.full}-${d.ma} becomes ${d.half}-${d.ma}` : `${id} loses a step`;
        })
        .join(", ") || "no loss"
    );
  }
  if (o.type === "retreat") return `${o.unitId} retreats to ${o.path.map((h) => hexLabel(h)).join(" → ")}`;
  if (o.type === "advance") return o.unitId ? `${o.unitId} advances` : "No advance";
  return o.type;
}

/** What followed a battle's result in the same sending: losses, retreats, a retreat that had no way out. */
export function battleOutcome(after: readonly GameEventJson[]): string[] {
  const out: string[] = [];
  const blocked = new Set(after.filter((e) => e.kind === "retreat_blocked").map((e) => String(e.unitId)));
  for (const e of after) {
    if (e.kind === "eliminated") out.push(blocked.has(String(e.unitId)) ? `${String(e.unitId)} had no retreat path and is eliminated` : `${String(e.unitId)} is eliminated`);
    else if (e.kind === "step_lost") out.push(`${String(e.unitId)} loses a step`);
    else if (e.kind === "retreated") out.push(`${String(e.unitId)} retreats to ${hexLabel(e.to as [number, number])}`);
  }
  return out;
}
