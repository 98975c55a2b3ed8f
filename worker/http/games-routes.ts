import { Hono } from "hono";
import { createGame } from "../games/create";
import { openGame } from "../games/load";
import { gameView, logEntry } from "../games/views";
import { readLog } from "../store/repository";
import { bearerToken } from "./bearer";
import type { AfterCommit } from "./after-commit";
import { limitBody } from "./body-limit";
import { afterResponse, type AppEnv } from "./context";
import { createSchema, logQuerySchema } from "./schemas";
import { validJson, validQuery } from "./validate";

export function gamesRoutes(afterCommit: AfterCommit) {
  const app = new Hono<AppEnv>();

  app.post("/", limitBody, validJson(createSchema), async (c) => {
    const body = c.req.valid("json");
    const deps = c.get("deps");
    const created = await createGame(deps, { ...body, clientIp: c.req.header("cf-connecting-ip") ?? "unknown" });
    await afterResponse(c, afterCommit, created.id);
    return c.json(created, 201);
  });

  app.get("/:id", async (c) => {
    const opened = await openGame(c.get("deps"), c.req.param("id"), bearerToken(c));
    return c.json(gameView(opened.ruleset, opened.game, opened.seats, opened.you));
  });

  app.get("/:id/log", validQuery(logQuerySchema), async (c) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id"), null);
    const rows = await readLog(deps.db, opened.game.id, c.req.valid("query").after ?? 0);
    return c.json({ seq: opened.game.seq, entries: rows.map((r) => logEntry(opened.ruleset, r)) });
  });

  app.get("/:id/legal", async (c) => {
    const opened = await openGame(c.get("deps"), c.req.param("id"), bearerToken(c));
    const query = c.req.query();
    const seat = opened.you?.seat ?? query.seat ?? opened.game.toAct[0];
    if (!seat) return c.json({ seat: null, legal: null });
    return c.json({ seat, legal: opened.ruleset.legal(opened.game.state, seat, query) });
  });

  app.get("/:id/export", async (c) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id"), null);
    const { game } = opened;
    const entries: ReturnType<typeof logEntry>[] = [];
    for (let after = 0; ; ) {
      const rows = await readLog(deps.db, game.id, after);
      entries.push(...rows.map((r) => logEntry(opened.ruleset, r)));
      if (rows.length < 500) break;
      after = rows[rows.length - 1]!.seq;
    }
    const finished = game.status === "finished";
    return c.json({
      format: "hexpost-export/1",
      id: game.id,
      ruleset: game.ruleset,
      scenario: game.scenario,
      options: game.options,
      seats: opened.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot === 1 })),
      seedCommitment: game.seedCommitment,
      seed: finished ? game.seed : null,
      status: game.status,
      outcome: game.outcome ?? null,
      seq: game.seq,
      finalState: game.state,
      log: entries.map(({ lines: _lines, ...e }) => e),
    });
  });

  return app;
}
