/**
 * The board of every ruleset's page: the HexMap with the ruleset's art, pieces and highlights,
 * the ruleset's play handed to it while the viewer may act, Escape also leaving the replay,
 * and under it the legend and the map aids the ruleset offers (printed hex numbers, overlays
 * such as the enemy's zones of control).
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { HexMap, type HexMapProps } from "./HexMap";
import { tapMeaning, type BoardPlay } from "./hexmap-choices";
import type { Replay } from "./useReplay";

/** An overlay the viewer may switch on; its cells are worked out only while it is on. */
export interface MapAid {
  label: string;
  cls: string;
  cells: () => readonly string[];
}

export type BoardView = Pick<HexMapProps, "cols" | "rows" | "size" | "board" | "underlay" | "marks" | "pieces" | "arrows" | "describe" | "markPrefix" | "bounds" | "pieceSize"> & {
  /** "Battle for Moscow map": the start of the board's accessible name. */
  name: string;
  /** Under the map: a caption and the key to its colours. */
  legend?: ComponentChildren;
  aids?: MapAid[];
  /** Offer the printed hex numbers (for a map that names its hexes by them). */
  numbered?: boolean;
  /**
   * The cells the view frames while the viewer acts, when the ruleset knows better than its
   * choices (the skirmish on a phone: the acting model), framed again whenever `key` changes.
   */
  frame?: { cells: readonly string[]; key: string } | null;
};

/** The cells the viewer's decision concerns: where the choices start (or land, for one with no source) and what the ruleset lights. */
function actionCells(play: BoardPlay<any>, marks: Record<string, string> | undefined): string[] {
  const cells = new Set<string>(Object.keys(marks ?? {}));
  for (const c of play.choices ?? []) {
    const cell = c.from ?? c.to;
    if (cell) cells.add(cell);
  }
  if (play.selected) cells.add(play.selected);
  return [...cells];
}

export function GameBoard(p: {
  view: BoardView;
  play: BoardPlay<any>;
  replay: Replay<any>;
  acting: boolean;
  onNote: (note: string | null) => void;
  /** Changes when the position does (a send, the other side's move): the view frames the action again. */
  frameKey: string;
  /** The ruleset's rules have come (its choices are real), and the way to fetch them. */
  rules: { ready: boolean; load: () => Promise<unknown>; lit?: readonly string[] };
}) {
  const { view, replay, acting, onNote } = p;
  // before the rules come, the cells the server says the decision starts from stand in for the
  // choices: lit and framed as they will be, and a tap on the board held until the rules are there
  const early = acting && !p.rules.ready ? (p.rules.lit ?? []).map((cell) => ({ from: cell, action: null })) : null;
  const play: BoardPlay<any> = early ? { ...p.play, choices: early, selected: null } : p.play;
  const heldTap = useRef<string | null>(null);
  const hold = (cell: string) => {
    heldTap.current = cell;
    void p.rules.load();
  };
  useEffect(() => {
    const cell = heldTap.current;
    heldTap.current = null;
    if (!p.rules.ready || cell === null || !acting) return;
    const real = p.play;
    const tap = tapMeaning(real.choices ?? [], real.selected, cell);
    if (tap.kind === "choose") real.choose(tap.choice.action);
    else if (tap.kind === "select") real.select(tap.cell);
    else onNote(real.other?.(cell) || null);
  }, [p.rules.ready]);
  const { name, legend, aids = [], numbered, frame: framing, ...map } = view;
  const frame = acting ? (framing?.cells ?? actionCells(play, view.marks)) : [];
  const [ids, setIds] = useState(false);
  const [on, setOn] = useState<Record<string, boolean>>({});
  const overlays = aids.filter((a) => on[a.cls]).map((a) => ({ cls: a.cls, cells: a.cells() }));
  const box = (label: string, checked: boolean, set: (x: boolean) => void) => (
    <label key={label}>
      <input type="checkbox" checked={checked} onChange={(e) => set((e.currentTarget as HTMLInputElement).checked)} /> {label}
    </label>
  );
  return (
    <>
      <HexMap
        {...map}
        label={`${name}${replay.frame ? ", replay" : ""}. Arrow keys move the cursor, Enter selects, Escape cancels.`}
        choices={acting ? play.choices : undefined}
        selected={acting ? play.selected : null}
        onSelect={(c) => {
          onNote(null);
          if (early && c !== null) hold(c);
          else play.select(c);
        }}
        onChoose={(c) => {
          onNote(null);
          play.choose(c.action);
        }}
        onCell={(c) => {
          if (early) hold(c);
          else if (acting) onNote(play.other?.(c) || null);
        }}
        onEscape={() => {
          play.clear();
          if (replay.replaying) replay.playback.setAt(null);
        }}
        // a replay step shows where its last arrow lands
        focus={replay.frame ? (map.arrows?.at(-1)?.to ?? null) : null}
        showIds={ids}
        frame={frame}
        frameKey={`${p.frameKey}:${frame.length > 0}:${framing?.key ?? ""}`}
        overlays={overlays.length ? overlays : undefined}
      />
      {legend}
      {(numbered || aids.length > 0) && (
        <p class="legend map-aids">
          {numbered && box("hex numbers", ids, setIds)}
          {aids.map((a) => box(a.label, !!on[a.cls], (x) => setOn({ ...on, [a.cls]: x })))}
        </p>
      )}
    </>
  );
}
