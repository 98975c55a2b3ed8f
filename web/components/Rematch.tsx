/**
 * "Play again" at the end of a game: asks for a rematch, says who is still to ask, and leads to
 * the new game (with your new seat's link) once everyone has.
 */
import { api, type GameView } from "../api";
import { useAsk } from "./useAsk";

export function Rematch({ game, token, seatName, reload }: { game: GameView; token: string | null; seatName: (s: string) => string; reload: () => void }) {
  const { msg, ask: run } = useAsk(reload);
  const r = game.rematch;
  const you = game.you?.seat;
  if (!r || !token || !you) return null;
  // once the last player asks, the answer carries the new game's link: go there
  const ask = (accept: boolean) =>
    run(async () => {
      const answer = await api.rematch(game.id, token, accept);
      if (answer.rematch.url) location.assign(answer.rematch.url);
    }, accept ? "Asked." : "Called off.");
  const swap = game.seats.length === 2 ? "sides swapped" : "everyone one seat on";
  const others = r.waitingFor.filter((s) => s !== you).map(seatName);
  return (
    <div class="rematch">
      {r.url ? (
        <p>
          <a class="button" href={r.url}>
            Open the rematch
          </a>{" "}
          ({swap}, a new seed).
        </p>
      ) : r.agreed.includes(you) ? (
        <p>
          You asked for a rematch ({swap}). Waiting for {others.join(" and ")}.{" "}
          <button type="button" onClick={() => ask(false)}>
            Call it off
          </button>
        </p>
      ) : (
        <p>
          {r.agreed.length > 0 && `${r.agreed.map(seatName).join(" and ")} would like a rematch. `}
          <button type="button" class="primary" onClick={() => ask(true)}>
            Play again ({swap})
          </button>
          {r.agreed.length > 0 && (
            <>
              {" "}
              <button type="button" onClick={() => ask(false)}>
                No thanks
              </button>
            </>
          )}
        </p>
      )}
      {msg && <p class="muted">{msg}</p>}
    </div>
  );
}
