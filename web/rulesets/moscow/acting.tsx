/**
 * The panels and board play that come with the rules (engine-rules.ts): until the viewer's first
 * touch brings them, nothing to draft on (the board lights the server's cells and holds a tap).
 */
import type { BoardPlay } from "../../components/hexmap-choices";
import { rulesAs } from "../../components/rulesSlot";
import type { boardPlay as BoardPlayOf } from "./choices";
import type { DeclarePanel as Declare } from "./declare-panel";
import type { ReplacementPanel as Replacement } from "./replacement-panel";
import { rules } from "./rules-slot";

/** What these wrappers need of the rules (engine-rules.ts; index.tsx checks it has them). */
export interface ActingRules {
  boardPlay: typeof BoardPlayOf;
  DeclarePanel: typeof Declare;
  ReplacementPanel: typeof Replacement;
}
const acting = () => rulesAs<ActingRules>(rules);

const idle: BoardPlay<any> = { selected: null, select: () => {}, choose: () => {}, clear: () => {} };

export const boardPlay = (play: Parameters<typeof BoardPlayOf>[0]): ReturnType<typeof BoardPlayOf> => acting()?.boardPlay(play) ?? idle;

export function DeclarePanel(p: Parameters<typeof Declare>[0]) {
  const Panel = acting()?.DeclarePanel;
  return Panel ? <Panel {...p} /> : null;
}

export function ReplacementPanel(p: Parameters<typeof Replacement>[0]) {
  const Panel = acting()?.ReplacementPanel;
  return Panel ? <Panel {...p} /> : null;
}
