import type { Env } from "./env";
import { createApp } from "./http/app";

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(_controller, _env, _ctx) {},
} satisfies ExportedHandler<Env>;
