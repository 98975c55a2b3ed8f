/**
 * The panels and board play that come with the rules (engine-rules.ts): until the viewer's first
 * touch brings them, nothing to draft on (the board lights the server's cells and holds a tap).
 */
import type { BoardPlay } from "../../components/hexmap-choices";
import { rules } from "./engine";
import type * as Heavy from "./engine-rules";

const idle: BoardPlay<any> = { selected: null, select: () => {}, choose: () => {}, clear: () => {} };

export const boardPlay = (play: Parameters<typeof Heavy.boardPlay>[0]): ReturnType<typeof Heavy.boardPlay> => rules.current?.boardPlay(play) ?? idle;

export function DeclarePanel(p: Parameters<typeof Heavy.DeclarePanel>[0]) {
  const Panel = rules.current?.DeclarePanel;
  return Panel ? <Panel {...p} /> : null;
}

export function ReplacementPanel(p: Parameters<typeof Heavy.ReplacementPanel>[0]) {
  const Panel = rules.current?.ReplacementPanel;
  return Panel ? <Panel {...p} /> : null;
}
