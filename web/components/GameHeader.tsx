/** The top of a game page: the game and its players, and the banners of what stands in the way (a stale page, absences, a pause, the computer thinking, a notice). */
import type { GameView } from "../api";
import { awayLines } from "./away";
import { PauseBannerSlot } from "./PauseBannerSlot";
import { SpectatorNote } from "./SpectatorNote";

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Names a seat as players see it: "Hans (German)", "Ada (the computer, Soviet)". */
export const seatNamer =
  (seats: GameView["seats"]) =>
  (seat: string): string => {
    const s = seats.find((x) => x.seat === seat);
    const side = s?.title ?? cap(seat);
    if (!s) return side;
    if (s.bot) return `${s.name} (the computer, ${side})`;
    return s.name && s.name.toLowerCase() !== seat ? `${s.name} (${side})` : side;
  };

export function GameTopbar({ game, seat, seatName }: { game: GameView; seat: string | null; seatName: (seat: string) => string }) {
  return (
    <header class="topbar">
      <a class="brand" href="/" aria-label="hexpost home">
        hexpost
      </a>
      <h1>
        {game.rulesetTitle ?? game.ruleset} <span class="muted">#{game.id}</span>
        {game.customScenario && <span class="tag">custom scenario</span>}
      </h1>
      <p class="players">
        {game.seats.map((s, i) => (
          <span key={s.seat}>
            {i > 0 && " v "}
            <span class={`seat-name side-${s.seat}`}>{seatName(s.seat)}</span>
          </span>
        ))}
        {" · "}
        {seat ? <span>you play {game.seats.find((s) => s.seat === seat)?.title ?? cap(seat)}</span> : <span class="spectator">spectator (read only)</span>}
      </p>
    </header>
  );
}

export function GameBanners(p: {
  game: GameView;
  token: string | null;
  stale: boolean;
  notice: string | null;
  dismiss: () => void;
  reload: () => void;
  seatName: (seat: string) => string;
}) {
  const { game, token, notice, seatName } = p;
  return (
    <>
      {p.stale && (
        <div class="banner warn" role="alert">
          The game has moved on since this page was loaded (another move arrived). Your unsent moves cannot be sent.{" "}
          <button type="button" class="primary" onClick={p.reload}>
            Reload the game
          </button>
        </div>
      )}
      {game.status === "active" &&
        awayLines(game, seatName).map((line) => (
          <div class="banner" role="status" key={line}>
            {line}
          </div>
        ))}
      <PauseBannerSlot game={game} token={token} seatName={seatName} reload={p.reload} />
      {game.botsWaiting && game.status === "active" && (
        <div class="banner" role="status">
          The computer is thinking…
        </div>
      )}
      {!token && !notice && <SpectatorNote game={game} />}
      {notice && (
        <div class="banner" role="status">
          {notice}{" "}
          <button type="button" aria-label="Dismiss" onClick={p.dismiss}>
            ×
          </button>
        </div>
      )}
    </>
  );
}

/** The page when the game cannot be shown at all. */
export function GameFatal({ message }: { message: string }) {
  return (
    <main class="page narrow">
      <h1>
        <a href="/">hexpost</a>
      </h1>
      <p class="error" role="alert">
        {message}
      </p>
      <button type="button" onClick={() => location.reload()}>
        Try again
      </button>
    </main>
  );
}
