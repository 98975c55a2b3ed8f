/**
 * The board's own interaction, chessground-style: the legal choices come in (contract v2's
 * `{from?, to?}` as printed cell ids), the chosen one goes out. With nothing selected the
 * cells some choice starts from are lit; a tap selects one and lights where its choices go;
 * a tap there chooses. A choice with no `from` is chosen by tapping its `to`.
 */
export interface BoardChoice<A = unknown> {
  from?: string;
  to?: string;
  /** What the choice is; handed back by onChoose. */
  action: A;
  /** A class for its destination's highlight ("attack", "expand"...); "target" by default. */
  cls?: string;
}

export interface ChoiceMarks {
  marks: Record<string, string>;
}

/** The highlights of the choices for the current selection, with the classes the ruleset's CSS names. */
export function choiceMarks(choices: readonly BoardChoice[], selected: string | null, prefix: string): Record<string, string> {
  const marks: Record<string, string> = {};
  if (selected === null) {
    for (const c of choices) {
      if (c.from) marks[c.from] = `${prefix}can`;
      else if (c.to) marks[c.to] = `${prefix}${c.cls ?? "target"}`;
    }
    return marks;
  }
  marks[selected] = `${prefix}sel`;
  for (const c of choices) if (c.from === selected && c.to) marks[c.to] = `${prefix}${c.cls ?? "target"}`;
  return marks;
}

export type Tap<A> = { kind: "choose"; choice: BoardChoice<A> } | { kind: "select"; cell: string | null } | { kind: "other"; cell: string };

/** What a tap on `cell` means given the choices and the selection. */
export function tapMeaning<A>(choices: readonly BoardChoice<A>[], selected: string | null, cell: string): Tap<A> {
  if (selected !== null) {
    const chosen = choices.find((c) => c.from === selected && c.to === cell);
    if (chosen) return { kind: "choose", choice: chosen };
  }
  if (choices.some((c) => c.from === cell)) return { kind: "select", cell: selected === cell ? null : cell };
  const direct = choices.find((c) => !c.from && c.to === cell);
  if (direct) return { kind: "choose", choice: direct };
  return { kind: "other", cell };
}

/** A ruleset's play on the board: its choices now, its selection (by cell), and what a tap does. */
export interface BoardPlay<A = unknown> {
  choices?: readonly BoardChoice<A>[];
  selected: string | null;
  select: (cell: string | null) => void;
  choose: (action: A) => void;
  /** A tap no choice takes: why nothing happens, if there is something to say. */
  other?: (cell: string) => string | null | void;
  /** Escape: drop the selection and any half-made draft. */
  clear: () => void;
}
