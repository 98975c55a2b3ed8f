/**
 * Pause by agreement on the page: for everyone, whether the game is paused and what is proposed;
 * for a seat, its answer to a proposal and, in the game menu, its own proposal. The server
 * judges and keeps the clocks; the page only asks.
 */
import { useState } from "preact/hooks";
import { api, type GameView } from "../api";
import { dateText } from "./Hud";
import { useAsk } from "./useAsk";

const DAY = 86_400_000;
const DAY_CHOICES = [1, 2, 3, 5, 7, 14, 30];

/** The banner: paused until when, and the open proposal with this seat's answer. */
export function PauseBanner({ game, token, seatName, reload }: { game: GameView; token: string | null; seatName: (s: string) => string; reload: () => void }) {
  const { msg, ask } = useAsk(reload);
  const p = game.proposal;
  if (game.status !== "active" || (!p && game.pausedUntil === null)) return null;
  const you = game.you?.seat;
  const waiting = p ? game.seats.filter((s) => !s.bot && !p.agreed.includes(s.seat)).map((s) => (s.seat === you ? "you" : seatName(s.seat))) : [];
  const what = p?.kind === "pause" ? `to pause the game until ${dateText(p.until)}` : "to end the pause now";
  return (
    <div class="banner pause" role="status">
      {game.pausedUntil !== null && <p>Paused by agreement until {dateText(game.pausedUntil)}: the clocks stand still.</p>}
      {p && (
        <p>
          {p.by === you ? "You propose" : `${seatName(p.by)} proposes`} {what}. {waiting.length > 0 && `Waiting for ${waiting.join(" and ")}.`}
        </p>
      )}
      {p && token && you && !p.agreed.includes(you) && (
        <p class="buttons">
          <button type="button" onClick={() => ask(() => api.answerProposal(game.id, token, true), "You agreed.")}>
            Agree
          </button>
          <button type="button" onClick={() => ask(() => api.answerProposal(game.id, token, false), "You declined.")}>
            Decline
          </button>
        </p>
      )}
      {p && token && you && p.agreed.includes(you) && (
        <p>
          <button type="button" onClick={() => ask(() => api.answerProposal(game.id, token, false), "Withdrawn.")}>
            Withdraw
          </button>
        </p>
      )}
      {msg && <p class="muted">{msg}</p>}
    </div>
  );
}

/** In the game menu: propose a pause, or, while paused, to resume now. */
export function PauseControls({ game, token, reload }: { game: GameView; token: string; reload: () => void }) {
  const { msg, ask } = useAsk(reload);
  const [days, setDays] = useState(7);
  if (game.proposal) return null;
  return (
    <div class="pause-controls">
      {game.pausedUntil !== null ? (
        <p>
          <button type="button" onClick={() => ask(() => api.resume(game.id, token), "Proposed: the clocks run again once everyone agrees.")}>
            Propose to resume now
          </button>
        </p>
      ) : (
        <label class="field">
          <span>Pause the whole game (every player must agree; the clocks stand still)</span>
          <span class="row">
            <select value={days} onChange={(e) => setDays(Number((e.target as HTMLSelectElement).value))}>
              {DAY_CHOICES.map((d) => (
                <option key={d} value={d}>
                  {d} day{d === 1 ? "" : "s"}
                </option>
              ))}
            </select>
            <button type="button" onClick={() => ask(() => api.pause(game.id, token, Date.now() + days * DAY), "Proposed: it starts once everyone agrees.")}>
              Propose a pause
            </button>
          </span>
        </label>
      )}
      {msg && (
        <p class="muted" role="status">
          {msg}
        </p>
      )}
    </div>
  );
}
