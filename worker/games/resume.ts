import { seedStreams } from "../play/dice";
import { commitChange } from "./commit";
import { standInWaiting } from "../play/autoplay";
import { advance, standInsOf, type Advanced } from "./advance";
import type { Deps } from "../deps";
import { movedAnswer } from "./answer";
import { ServiceError } from "./errors";
import { openCached, openGame, type Opened } from "./load";

/**
 * Plays the bots of `opened` if it is still waiting on them (its last request ran out of bot
 * budget). Bounded like a request; null when there was nothing to do or the commit was refused
 * (another writer got there first, or the copy was stale).
 */
async function playOn(deps: Deps, opened: Opened, requester: string | null): Promise<Advanced | null> {
  const { game, seats, ruleset } = opened;
  if (game.status !== "active") return null;
  // a bot, or a standing order, can act: a request ran out of budget before it
  if (!standInWaiting(ruleset, game.state, standInsOf(seats, ruleset))) return null;
  const botSeat = game.toAct.find((seat) => seats.some((s) => s.seat === seat && s.bot === 1)) ?? game.toAct[0]!;
  const streams = await seedStreams(game.seed);
  // The first bot turn becomes the change itself, so every turn row is a real turn.
  const result = await advance(deps, ruleset, opened, streams, {
    state: game.state,
    // a seat watching the page asked: the position it gets back is its answer, no mail
    requester,
    turn: { seat: botSeat, byBot: 1, service: "bots_resumed", actions: [], events: [{ kind: "bots_resumed" }] },
  });
  return (await commitChange(deps, opened, result.commit)).ok ? result : null;
}

/** The cron's resume: true when the computer played on. */
export async function resumeBots(deps: Deps, gameId: string, requester: string | null = null): Promise<boolean> {
  return (await playOn(deps, await openGame(deps, gameId, null, { forChange: true }), requester)) !== null;
}

/**
 * POST /continue: the computer plays on, and the answer says what it did as a submission's does
 * (the position as the asker sees it, the entries it wrote), so the page reads nothing more.
 * Where this isolate holds the game it starts from that copy (the commit checks it); otherwise,
 * or when there was nothing to do there, from D1.
 */
export async function continueBots(deps: Deps, gameId: string, token: string | null) {
  const cached = deps.cache.get(gameId);
  if (cached) {
    try {
      const opened = await openCached(deps, gameId, cached, token);
      const result = await playOn(deps, opened, opened.you?.seat ?? null);
      if (result) return { continued: true, ...movedAnswer(opened.ruleset, result, opened.you?.seat ?? null) };
    } catch (error) {
      // a refused link may be the stale copy's doing: D1 decides
      if (!(error instanceof ServiceError)) throw error;
    }
    deps.cache.forget(gameId);
  }
  const opened = await openGame(deps, gameId, token, { forChange: true });
  const result = await playOn(deps, opened, opened.you?.seat ?? null);
  if (result) return { continued: true, ...movedAnswer(opened.ruleset, result, opened.you?.seat ?? null) };
  const { game } = opened;
  return { continued: false, seq: game.seq, toAct: game.toAct, status: game.status, botsWaiting: game.botsWaiting === 1, entries: [] };
}
