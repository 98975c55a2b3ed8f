import { Hono } from "hono";
import { createGame } from "../games/create";
import { openGame } from "../games/load";
import { gameView, logEntry } from "../games/views";
import { readLog, readLogWithStart } from "../store/repository";
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
    const after = c.req.valid("query").after ?? 0;
    if (after > 0) {
      const rows = await readLog(deps.db, opened.game.id, after);
      return c.json({ seq: opened.game.seq, entries: rows.map((r) => logEntry(opened.ruleset, r)) });
    }
    // the whole log comes with the position it starts from, so a client can replay it forward
    const { start, turns } = await readLogWithStart(deps.db, opened.game.id);
    const view = start === null ? null : opened.ruleset.view(start, null);
    return c.json({ seq: opened.game.seq, start: view, entries: turns.map((r) => logEntry(opened.ruleset, r)) });
  });

  app.get("/:id/legal", async (c) => {
    const opened = await openGame(c.get("deps"), c.req.param("id"), bearerToken(c));
    const { seat: asked, ...query } = c.req.query();
    const seat = opened.you?.seat ?? asked ?? opened.game.toAct[0];
    if (!seat || opened.game.status !== "active") return c.json({ seat: seat ?? null, choices: [] });
    return c.json({ seat, ...opened.ruleset.legal(opened.game.state, seat, query) });
  });

  app.get("/:id/export", async (c) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id"), null);
    const { game } = opened;
    const first = await readLogWithStart(deps.db, game.id);
    const entries = first.turns.map((r) => logEntry(opened.ruleset, r));
    for (let rows = first.turns; rows.length >= 500; ) {
      rows = await readLog(deps.db, game.id, rows[rows.length - 1]!.seq);
      entries.push(...rows.map((r) => logEntry(opened.ruleset, r)));
    }
    const finished = game.status === "finished";
    // a running game's export is public: its positions only as a spectator sees them
    const seen = (state: unknown) => (finished || state === null ? state : opened.ruleset.view(state, null));
    return c.json({
      format: "hexpost-export/2",
      id: game.id,
      ruleset: game.ruleset,
      // a game made from an inline scenario carries the scenario itself, so it can be replayed
      scenario: first.scenario ?? game.scenario,
      options: game.options,
      seats: opened.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot === 1 })),
      seedCommitment: game.seedCommitment,
      seed: finished ? game.seed : null,
      status: game.status,
      outcome: game.outcome ?? null,
      seq: game.seq,
      start: seen(first.start),
      finalState: seen(game.state),
      log: entries.map(({ lines: _lines, ...e }) => e),
    });
  });

  return app;
}
