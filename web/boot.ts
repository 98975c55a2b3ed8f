import { api, takeToken, type GameView } from "./api";
import { heldLogEnd } from "./log-end";
import { RULESET_VIEWS } from "./rulesets/registry";

export interface Boot {
  token: string | null;
  game: Promise<GameView>;
  /** The seq the game was read `after`: its answer carries the log this browser lacks. */
  after: number;
}

/**
 * A game link starts everything it can at once: the game's JSON (with the log this browser lacks)
 * is fetched while the page's code loads, and its ruleset's board is imported as soon as the
 * ruleset is known (at once on a return visit, when this browser remembers it).
 */
export function boot(id: string): Boot {
  const token = takeToken(id);
  const key = `hexpost:r:${id}`;
  let known: string | null = null;
  try {
    known = localStorage.getItem(key);
  } catch {
    /* storage blocked */
  }
  if (known) RULESET_VIEWS[known]?.().catch(() => {});
  const after = heldLogEnd(id);
  const game = api.game(id, token, after);
  game
    .then((g) => {
      if (g.ruleset !== known) RULESET_VIEWS[g.ruleset]?.().catch(() => {});
      try {
        localStorage.setItem(key, g.ruleset);
      } catch {
        /* storage blocked */
      }
    })
    .catch(() => {});
  return { token, game, after };
}
