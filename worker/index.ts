import { env } from "cloudflare:workers";
import type { Env } from "./env";
import { makeDeps } from "./deps";
import { tellOfChange } from "./games/after-commit";
import { createApp } from "./http/app";
import { runCron } from "./cron";
import { drainMail } from "./mail/drain";
import { warmUp } from "./warm-up";
import { receiveReply } from "./inbound/receive";
import { warmInbound } from "./inbound/warm";
import { GameCache } from "./store/game-cache";

export { LiveGame } from "./live/live-game";

const afterCommit = tellOfChange;

const app = createApp({ afterCommit, afterMail: drainMail });
/** Replies by mail keep their own copy of the games they touch, as the app does. */
const replyCache = new GameCache();
void warmInbound().then(
  (ok) => ok || console.error("warm-up: the sample reply was not read"),
  (e) => console.error("warm-up: inbound", e),
);
void warmUp(app.router, { afterCommit, afterMail: drainMail }, (env as Partial<Env> | undefined)?.TOKEN_SECRET);

export default {
  fetch: app.fetch,
  /** A reply to a mail with a menu (Email Routing sends play+*@MAIL_DOMAIN here): worker/inbound. */
  async email(message, env, ctx) {
    const deps = makeDeps(env, env.DB, { cache: replyCache });
    const received = await receiveReply(deps, message);
    console.log("reply", JSON.stringify({ status: received.status, game: received.gameId }));
    if (received.gameId) ctx.waitUntil(afterCommit(deps, received.gameId).catch((e) => console.error("reply after-commit", e)));
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runCron(makeDeps(env, env.DB)).then((report) => console.log("cron", JSON.stringify(report))));
  },
} satisfies ExportedHandler<Env>;
