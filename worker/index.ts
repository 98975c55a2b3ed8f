import type { Env } from "./env";
import { makeDeps } from "./deps";
import { createApp } from "./http/app";
import { runCron } from "./cron";
import { drainGame, drainMail } from "./mail/drain";
import { warmUp } from "./warm-up";

const app = createApp({ afterCommit: drainGame, afterMail: drainMail });
void warmUp(app.router);

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runCron(makeDeps(env, env.DB)).then((report) => console.log("cron", JSON.stringify(report))));
  },
} satisfies ExportedHandler<Env>;
