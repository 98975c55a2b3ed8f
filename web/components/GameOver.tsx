import type { ComponentChildren } from "preact";
import { api, type GameView } from "../api";
import { Rematch } from "./Rematch";

/** The end of a game: who won and why, the revealed seed, and the record to keep. */
export function GameOver({
  game,
  seatName,
  token,
  reload,
  children,
}: {
  game: GameView;
  seatName: (s: string) => string;
  token: string | null;
  reload: () => void;
  children?: ComponentChildren;
}) {
  const o = game.outcome;
  const you = game.you?.seat;
  const headline = !o
    ? "The game has ended."
    : o.result === "draw"
      ? "The game is drawn."
      : you && o.winners.includes(you)
        ? "You won!"
        : `${o.winners.map(seatName).join(" and ")} won.`;
  return (
    <section class="card gameover" aria-labelledby="gameover-title">
      <h2 id="gameover-title">Game over: {headline}</h2>
      {o && <p>{o.line ?? `Reason: ${o.reason}.`}</p>}
      {children}
      <Rematch game={game} token={token} seatName={seatName} reload={reload} />
      {game.seed && (
        <p class="seed">
          The dice seed was <code>{game.seed}</code>; its SHA-256, published when the game began, is <code>{game.seedCommitment}</code>.
          Anyone can replay the record and check every die.
        </p>
      )}
      <p>
        <a class="button" href={api.exportUrl(game.id)} download={`hexpost-${game.id}.json`}>
          Download the game record
        </a>
      </p>
    </section>
  );
}
