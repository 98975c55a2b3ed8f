/**
 * The page every ruleset's game uses: the status strip, the board (with what goes under it)
 * and the side panel, which ends with the full log and the game menu. On a phone the panel
 * flows under the board (styles.css).
 */
import type { ComponentChildren } from "preact";
import type { RulesetPageProps } from "../rulesets/types";
import { FullLog } from "./FullLog";
import { GameMenu } from "./GameMenu";
import { Hud, type HudItem } from "./Hud";

export function GameLayout(p: {
  /** The ruleset's class on <main> (its styles hang off it). */
  cls: string;
  hud: HudItem[];
  board: ComponentChildren;
  side: ComponentChildren;
  /** Over everything (a confirmation dialog). */
  overlay?: ComponentChildren;
  /** The page's props: the game, the log and the seat's token for the shared cards. */
  page: Pick<RulesetPageProps, "game" | "token" | "log" | "seatName" | "reload">;
}) {
  const { game, token, log, seatName, reload } = p.page;
  return (
    <main class={p.cls}>
      <Hud items={p.hud} />
      <div class="play">
        <div class="board-wrap">{p.board}</div>
        <aside class="side">
          {p.side}
          <FullLog log={log} seatName={seatName} />
          <GameMenu game={game} token={token} reload={reload} />
        </aside>
      </div>
      {p.overlay}
    </main>
  );
}
