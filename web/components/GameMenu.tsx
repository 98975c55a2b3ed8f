/**
 * The quieter controls of a running game: a seat's mail preference, resigning, claiming a win
 * on time; and for anyone, the game's record so far.
 */
import { useState } from "preact/hooks";
import { api, linkIntent, type GameView } from "../api";
import { Confirm } from "./Confirm";
import { useLazy } from "./useLazy";
import { NotifyEntry } from "./NotifyEntry";
import { OtherDeviceEntry } from "./OtherDeviceEntry";
import { useAsk } from "./useAsk";

const PREFS: [string, string][] = [
  ["every_turn", "every time it is my move"],
  ["digest", "one mail a day listing my games"],
  ["none", "no turn mails (only invitations and the result)"],
];

export function GameMenu({ game, token, reload }: { game: GameView; token: string | null; reload: () => void }) {
  const [prefs, setPrefs] = useState(game.you?.prefs ?? "every_turn");
  const { msg, ask: run } = useAsk(reload);
  const [ask, setAsk] = useState<"resign" | "claim" | null>(null);
  // vacation and pause are loaded when the menu opens (or the mail's vacation link opens it)
  const [open, setOpen] = useState(linkIntent === "vacation");
  const parts = useLazy(() => Promise.all([import("./Vacation"), import("./Pause")]), open && !!token && !!game.you);
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
  const [Vacation, Pause] = parts ? [parts[0].VacationControls, parts[1].PauseControls] : [null, null];
  const mine = game.toAct.includes(game.you.seat);
  const late = !mine && game.deadline !== null && Date.now() > game.deadline;
  return (
    <details class="card menu" open={linkIntent === "vacation"} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Game settings{(game.you.channels ?? []).some((c) => c.disabled) ? " (a notification channel is switched off)" : ""}</summary>
      <label class="field">
        <span>Email me</span>
        <select
          value={prefs}
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value as typeof prefs;
            setPrefs(v);
            run(() => api.prefs(game.id, token, v), "Saved.");
          }}
        >
          {PREFS.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <NotifyEntry game={game} token={token} />
      <OtherDeviceEntry gameId={game.id} token={token} />
      {Vacation && <Vacation game={game} token={token} reload={reload} />}
      {Pause && <Pause game={game} token={token} reload={reload} />}
      <div class="buttons">
        {late && (
          <button type="button" onClick={() => setAsk("claim")}>
            Claim the game on time
          </button>
        )}
        <button type="button" onClick={() => setAsk("resign")}>
          Resign
        </button>
      </div>
      {msg && (
        <p class="muted" role="status">
          {msg}
        </p>
      )}
      {record}
      {ask && (
        <Confirm
          title={ask === "resign" ? "Resign this game?" : "Claim the game on time?"}
          yes={ask === "resign" ? "Resign" : "Claim it"}
          onNo={() => setAsk(null)}
          onYes={() => {
            setAsk(null);
            if (ask === "resign") run(() => api.resign(game.id, token), "You resigned.");
            else run(() => api.claimTimeout(game.id, token), "Claimed.");
          }}
        >
          <p>
            {ask === "resign"
              ? "The game ends now and the other side wins. This cannot be undone."
              : "The other player let the deadline pass. Claiming ends the game in your favour."}
          </p>
        </Confirm>
      )}
    </details>
  );
}
