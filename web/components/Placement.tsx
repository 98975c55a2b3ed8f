/**
 * Placing units before play, for any ruleset with a setup: each unit is drafted onto one of
 * the lit hexes (picked in the tray or on the map, then a hex; a placed unit moved onto another
 * swaps with it), the rest can be placed automatically, and the whole setup is confirmed as one
 * action once no unit can be placed any more: every lit hex is filled (a setup with more units
 * than hexes, whose rest wait off the map) or every unit is placed (a zone with room to spare).
 */
import type { ComponentChildren } from "preact";
import type { BoardChoice } from "./hexmap-choices";

/** Unit id -> the cell it is drafted on. */
export type Placed = Record<string, string>;
export type PlaceStep = { kind: "place"; unitId: string; cell: string };

/** The board's choices while drafting: a placed unit to another lit hex, the unit picked in the tray to a free one. */
export function placementChoices(placed: Placed, hexes: readonly string[], sel: string | null) {
  const byCell = new Map(Object.entries(placed).map(([u, c]) => [c, u]));
  const step = (unitId: string, cell: string): PlaceStep => ({ kind: "place", unitId, cell });
  const choices = Object.entries(placed).flatMap(([unitId, from]) =>
    hexes.filter((h) => h !== from).map((to): BoardChoice<PlaceStep> => ({ from, to, action: step(unitId, to), cls: "dest" })),
  );
  if (sel && !placed[sel]) for (const to of hexes) if (!byCell.has(to)) choices.push({ to, action: step(sel, to), cls: "dest" });
  return { choices, selected: sel ? (placed[sel] ?? null) : null, unitAt: (c: string) => byCell.get(c) ?? null };
}

export function placeUnit(placed: Placed, { unitId, cell }: PlaceStep): Placed {
  const next = { ...placed, [unitId]: cell };
  const other = Object.keys(placed).find((u) => placed[u] === cell);
  if (other && placed[unitId]) next[other] = placed[unitId]!;
  return next;
}

export function PlacementPanel(p: {
  units: readonly string[];
  hexes: readonly string[];
  placed: Placed;
  setPlaced: (x: Placed) => void;
  sel: string | null;
  setSel: (x: string | null) => void;
  /** A unit's chip: its words and its class. */
  chip: (unitId: string) => { label: string; cls: string };
  hint: ComponentChildren;
  /** What the units are called ("unit", "model"). */
  noun?: string;
  /** Where the rest go (default: in order, one to each free hex). */
  autoPlace?: (placed: Placed) => Placed;
  /** Without it the ruleset confirms elsewhere (its turn controls). */
  onConfirm?: (placed: Placed) => void;
}) {
  const noun = p.noun ?? "unit";
  const free = p.units.filter((u) => !p.placed[u]);
  const used = new Set(Object.values(p.placed));
  const empty = p.hexes.filter((h) => !used.has(h));
  const complete = free.length === 0 || empty.length === 0;
  const put = (x: Placed) => {
    p.setPlaced(x);
    p.setSel(null);
  };
  const inOrder = (placed: Placed) => ({ ...placed, ...Object.fromEntries(free.slice(0, empty.length).map((u, k) => [u, empty[k]!])) });
  const auto = () => put((p.autoPlace ?? inOrder)(p.placed));
  const { [p.sel ?? ""]: _, ...without } = p.placed;
  return (
    <div class="setup">
      <p class="hint">{p.hint}</p>
      <div class="tray" role="group" aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)}s to place`}>
        {free.map((u) => (
          <button key={u} type="button" class={`chip ${p.chip(u).cls}${p.sel === u ? " on" : ""}`} aria-pressed={p.sel === u} onClick={() => p.setSel(p.sel === u ? null : u)}>
            {p.chip(u).label}
          </button>
        ))}
        {free.length === 0 && <span class="muted">All {noun}s are placed.</span>}
      </div>
      {p.sel && p.placed[p.sel] && (
        <button type="button" onClick={() => put(without)}>
          Take {p.sel} off the map
        </button>
      )}
      <div class="buttons">
        <button type="button" onClick={auto} disabled={complete}>
          Auto-place the rest ({Math.min(free.length, empty.length)})
        </button>
        <button type="button" onClick={() => p.setPlaced({})} disabled={used.size === 0}>
          Clear
        </button>
        {p.onConfirm && (
          <button type="button" class="primary" disabled={!complete} onClick={() => p.onConfirm!(p.placed)}>
            Confirm setup
          </button>
        )}
      </div>
    </div>
  );
}
