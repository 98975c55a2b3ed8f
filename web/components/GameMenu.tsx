/**
 * The quieter controls of a running game: a seat's mail preference, resigning, claiming a win
 * on time; and for anyone, the game's record so far. A seat's controls (GameMenuBody) load when
 * the menu is first opened (or the mail's vacation link opens it).
 */
import { useState } from "preact/hooks";
import { api, linkIntent, type GameView } from "../api";
import { useLazy } from "./useLazy";

export function GameMenu({ game, token, reload }: { game: GameView; token: string | null; reload: () => void }) {
  const [open, setOpen] = useState(linkIntent === "vacation");
  const Body = useLazy(() => import("./GameMenuBody").then((m) => m.GameMenuBody), open && !!token && !!game.you);
  if (game.status !== "active") return null;
  const record = (
    <p class="muted small">
      <a href={api.exportUrl(game.id)} download={`hexpost-${game.id}.json`}>
        Download the game record so far
      </a>{" "}
      (every move and die; the seed that checks them comes with it once the game ends).
    </p>
  );
  if (!token || !game.you) {
    return (
      <details class="card menu">
        <summary>The game record</summary>
        {record}
      </details>
    );
  }
  return (
    <details class="card menu" open={linkIntent === "vacation"} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Game settings{(game.you.channels ?? []).some((c) => c.disabled) ? " (a notification channel is switched off)" : ""}</summary>
      {Body ? <Body game={game} token={token} reload={reload} record={record} /> : record}
    </details>
  );
}
