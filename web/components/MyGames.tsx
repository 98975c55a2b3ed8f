/**
 * The home page's "your games": the games opened in this browser (their links are kept in
 * localStorage) with whose move it is, and a form that mails an address every game it plays.
 * The page never shows a link it did not already hold.
 */
import { useEffect, useState } from "preact/hooks";
import { api, ApiError, forgetToken, plainMessage, type GameView } from "../api";

const TOKEN_PREFIX = "hexpost:t:";
/** Checked one request each when the home page opens. */
const SHOWN = 12;

function rememberedGames(): { id: string; token: string }[] {
  const found: { id: string; token: string }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(TOKEN_PREFIX)) continue;
      const token = localStorage.getItem(key);
      if (token) found.push({ id: key.slice(TOKEN_PREFIX.length), token });
    }
  } catch {
    /* private mode: nothing kept */
  }
  return found.slice(0, SHOWN);
}

type Known = { view: GameView; yourMove: boolean };

function standing(k: Known): string {
  if (k.view.status === "finished") return "finished";
  if (k.yourMove) return "your move";
  return `waiting for ${k.view.toAct.map((s) => k.view.seats.find((x) => x.seat === s)?.name ?? s).join(", ") || "nobody"}`;
}

export function MyGames() {
  const [known, setKnown] = useState<Known[] | null>(null);
  const [email, setEmail] = useState("");
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    Promise.all(
      rememberedGames().map(async ({ id, token }) => {
        try {
          const view = await api.game(id, token);
          return { view, yourMove: view.status === "active" && !!view.you && view.toAct.includes(view.you.seat) };
        } catch (e) {
          // a game that is gone, or a link that was replaced, is not listed again
          if (e instanceof ApiError && (e.status === 404 || e.status === 401)) forgetToken(id);
          return null;
        }
      }),
    ).then((list) => {
      const games = list.filter((k): k is Known => k !== null);
      const rank = (k: Known) => (k.yourMove ? 0 : k.view.status === "active" ? 1 : 2);
      setKnown(games.sort((a, b) => rank(a) - rank(b)));
    });
  }, []);

  async function mailMe(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setAnswer((await api.myGames(email)).message);
    } catch (err) {
      setError(plainMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card my-games" aria-labelledby="my-games-title">
      <h2 id="my-games-title">Your games</h2>
      {known === null && <p class="muted">Looking for the games opened in this browser…</p>}
      {known?.length === 0 && <p class="muted">No game was opened in this browser yet.</p>}
      {known && known.length > 0 && (
        <ul class="my-games-list">
          {known.map((k) => (
            <li key={k.view.id}>
              <a href={`/g/${encodeURIComponent(k.view.id)}`}>
                {k.view.rulesetTitle} #{k.view.id.slice(0, 4)}
              </a>{" "}
              <span class={k.yourMove ? "badge your-move" : "muted"}>{standing(k)}</span>
              <small class="muted"> {k.view.summary}</small>
            </li>
          ))}
        </ul>
      )}
      <form class="mail-my-games" onSubmit={mailMe}>
        <label>
          Lost a link, or on another device? The address your links went to
          <input type="email" required autocomplete="email" value={email} onInput={(e) => setEmail((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit" disabled={busy}>
          Mail me my games
        </button>
      </form>
      {answer && <p role="status">{answer}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
