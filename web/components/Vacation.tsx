/**
 * Vacation on the page: the seat's own switch, in the game menu (loaded when the menu opens;
 * who is away, for everyone, is away.ts). The server keeps the bank and moves the clock; the page only asks.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api, linkIntent, type GameView } from "../api";
import { dateText } from "./Hud";
import { useAsk } from "./useAsk";

const DAY_CHOICES = [1, 2, 3, 5, 7, 10, 14];

export function VacationControls({ game, token, reload }: { game: GameView; token: string; reload: () => void }) {
  const mine = game.seats.find((s) => s.seat === game.you?.seat);
  const left = game.you?.vacationDaysLeft ?? 0;
  const away = mine?.vacationUntil != null && mine.vacationUntil > Date.now();
  const [days, setDays] = useState(Math.min(3, left));
  const { msg, ask: run } = useAsk(reload);
  const here = useRef<HTMLDivElement>(null);
  // the reminder mail's "put this game on vacation" link lands here
  useEffect(() => {
    if (linkIntent === "vacation") here.current?.scrollIntoView({ block: "center" });
  }, []);
  const ask = (d: number) => run(() => api.vacation(game.id, token, d), d === 0 ? "Welcome back: your clock runs again." : `On vacation for ${d} day${d === 1 ? "" : "s"}.`);
  return (
    <div class="vacation" ref={here}>
      {away ? (
        <p>
          You are on vacation until {dateText(mine!.vacationUntil!)}.{" "}
          <button type="button" onClick={() => ask(0)}>
            End my vacation now
          </button>
        </p>
      ) : left > 0 ? (
        <label class="field">
          <span>Going away? Stop your clock for ({left} of 14 days left in this game)</span>
          <span class="row">
            <select value={days} onChange={(e) => setDays(Number((e.target as HTMLSelectElement).value))}>
              {DAY_CHOICES.filter((d) => d <= left).map((d) => (
                <option key={d} value={d}>
                  {d} day{d === 1 ? "" : "s"}
                </option>
              ))}
            </select>
            <button type="button" onClick={() => ask(days)}>
              Start my vacation
            </button>
          </span>
        </label>
      ) : (
        <p class="muted">No vacation days left in this game.</p>
      )}
      {msg && (
        <p class="muted" role="status">
          {msg}
        </p>
      )}
    </div>
  );
}
