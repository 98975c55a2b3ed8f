/** `/`: what hexpost is, and the new-game form. */
import { useEffect } from "preact/hooks";
import { MyGames } from "../components/MyGames";
import { NewGameForm } from "../components/home/NewGameForm";
import { SaveLink } from "../components/home/SaveLink";
import { useNewGameForm } from "../components/home/useNewGameForm";

export default function Home() {
  const form = useNewGameForm();
  useEffect(() => {
    document.title = "hexpost: wargames by email";
  }, []);
  return (
    <main class="page home">
      <header class="intro">
        <h1>hexpost</h1>
        <p class="lead">Play hex-and-counter wargames by email.</p>
        <p>
          Start a game and invite a friend (or play the computer). Whenever it is your move you get an email with a link; it opens the board on
          your phone or computer, shows what your opponent did, and lets you make your move. The server checks every move against the rules
          and rolls the dice; the dice seed is published when the game ends, so anyone can check them.
        </p>
      </header>
      {form.saveLink && <SaveLink link={form.saveLink} />}
      <NewGameForm form={form} />
      <MyGames />
      <footer class="muted small">
        hexpost keeps no accounts: your link is your seat. Links arrive by email; keep them to yourself.
      </footer>
    </main>
  );
}
