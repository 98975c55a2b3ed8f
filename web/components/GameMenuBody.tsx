/**
 * The game menu's contents for a seat (its mail preference, notifications, another device,
 * vacation and pause, resigning, claiming on time): loaded when the menu is first opened, as
 * most openings of a game page never open it.
 */
import { useState } from "preact/hooks";
import { api, type GameView } from "../api";
import { Confirm } from "./Confirm";
import { useLazy } from "./useLazy";
import { NotifyEntry } from "./NotifyEntry";
import { OtherDeviceEntry } from "./OtherDeviceEntry";
import { useAsk } from "./useAsk";
import type { ComponentChildren } from "preact";

const PREFS: [string, string][] = [
  ["every_turn", "every time it is my move"],
  ["digest", "one mail a day listing my games"],
  ["none", "no turn mails (only invitations and the result)"],
];

export function GameMenuBody({ game, token, reload, record }: { game: GameView; token: string; reload: () => void; record: ComponentChildren }) {
  const you = game.you!;
  const [prefs, setPrefs] = useState(you.prefs ?? "every_turn");
  const { msg, ask: run } = useAsk(reload);
  const [ask, setAsk] = useState<"resign" | "claim" | null>(null);
  const parts = useLazy(() => Promise.all([import("./Vacation"), import("./Pause")]), true);
  const [Vacation, Pause] = parts ? [parts[0].VacationControls, parts[1].PauseControls] : [null, null];
  const mine = game.toAct.includes(you.seat);
  const late = !mine && game.deadline !== null && Date.now() > game.deadline;
  return (
    <>
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
    </>
  );
}
