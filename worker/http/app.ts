import { Hono } from "hono";
import { GameCache } from "../store/game-cache";
import { actionsRoutes } from "./actions-routes";
import { channelsRoutes } from "./channels-routes";
import { liveRoutes } from "./live-routes";
import type { AfterCommit, AfterMail } from "./after-commit";
import { myGamesRoutes } from "./my-games-routes";
import { depsMiddleware, gameShardMiddleware, type AppEnv, type AppOptions } from "./context";
import { devRoutes } from "./dev-routes";
import { notFoundRoute, onError } from "./errors";
import { openApiRoutes } from "./openapi-routes";
import { configCheck } from "./config-check";
import { gamesRoutes } from "./games-routes";
import { mailRoutes } from "./mail-routes";
import { rulesetsRoutes } from "./rulesets-routes";

export interface AppConfig extends AppOptions {
  afterCommit?: AfterCommit;
  afterMail?: AfterMail;
}

export function createApp(config: AppConfig = {}) {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.get("/api/health", (c) => c.json({ ok: true }));
  app.use("/api/*", configCheck);
  // the games this isolate has seen live as long as the app does
  app.use("/api/*", depsMiddleware({ ...config, cache: config.cache ?? new GameCache() }));
  app.use("/api/games/:id", gameShardMiddleware);
  app.use("/api/games/:id/*", gameShardMiddleware);
  app.use("/api/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Content-Type-Options", "nosniff");
  });
  app.route("/api/rulesets", rulesetsRoutes());
  const afterCommit = config.afterCommit ?? (async () => undefined);
  app.route("/api/games", gamesRoutes(afterCommit));
  app.route("/api/games", actionsRoutes(afterCommit));
  app.route("/api/games", channelsRoutes());
  app.route("/api/games", liveRoutes());
  app.route("/api", mailRoutes(afterCommit));
  app.route("/api/my-games", myGamesRoutes(config.afterMail ?? (async () => undefined)));
  app.route("/", devRoutes(config));
  openApiRoutes(app);
  app.all("/api/*", notFoundRoute);
  return app;
}
