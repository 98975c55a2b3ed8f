import type { Env } from "../env";
import type { LiveGame, LiveNews, PresentSeat } from "./live-game";

/** The service's side of the live page: who is looking, and telling the pages a game moved. */
export interface Live {
  /** The seats of the game whose page is open in front of them, each with the epoch its page's ticket was for. */
  present(gameId: string): Promise<readonly PresentSeat[]>;
  /** Tells the game's open pages it moved; answers the seats whose visible page was told. */
  announce(gameId: string, news: LiveNews): Promise<ReadonlySet<string>>;
  /** The game's seq as last announced to its open pages; null when no page is open or it is not known. */
  seq(gameId: string): Promise<number | null>;
}

const nobody: ReadonlySet<string> = new Set();

/** Without the binding (a test's bare app, the warm-up) nobody is ever looking. */
export const noLive: Live = { present: async () => [], announce: async () => nobody, seq: async () => null };

/**
 * Through the LIVE Durable Object namespace. A failure to reach it counts as nobody looking:
 * the notice then goes by the other channels, which is never wrong, only slower.
 */
export function liveFor(env: Env): Live {
  const ns = env.LIVE;
  if (!ns) return noLive;
  const stub = (gameId: string) => ns.get(ns.idFromName(gameId)) as unknown as DurableObjectStub<LiveGame>;
  return {
    async present(gameId) {
      try {
        return await stub(gameId).present();
      } catch (e) {
        console.error(`live ${gameId}: present failed`, e);
        return [];
      }
    },
    async announce(gameId, news) {
      try {
        return new Set(await stub(gameId).announce(news));
      } catch (e) {
        console.error(`live ${gameId}: announce failed`, e);
        return nobody;
      }
    },
    async seq(gameId) {
      try {
        return await stub(gameId).seq();
      } catch (e) {
        console.error(`live ${gameId}: seq failed`, e);
        return null;
      }
    },
  };
}
