import type { Env } from "./env";
import { makeDeps, type Deps } from "./deps";
import { createApp } from "./http/app";
import { runCron } from "./cron";
import { drainGame, drainMail } from "./mail/drain";
import { warmUp } from "./warm-up";

export { LiveGame } from "./live/live-game";

/** After a change: its notices go out, and the game's open pages are told it moved. */
const afterCommit = (deps: Deps, gameId: string) =>
  Promise.all([drainGame(deps, gameId), deps.live.announce(gameId, { seq: deps.cache.get(gameId)?.game.seq ?? -1 })]);

const app = createApp({ afterCommit, afterMail: drainMail });
void warmUp(app.router, { afterCommit, afterMail: drainMail });

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runCron(makeDeps(env, env.DB)).then((report) => console.log("cron", JSON.stringify(report))));
  },
} satisfies ExportedHandler<Env>;
