import { Hono } from "hono";
import { legalChoices, unitOptions } from "../games/choices";
import { createGame } from "../games/create";
import { exportGame } from "../games/export";
import { openGame } from "../games/load";
import { gameLog } from "../games/log";
import { gameView } from "../games/views";
import { rematchView } from "../games/rematch";
import { openSession, spectatorTicket } from "../games/session";
import { bearerToken } from "./bearer";
import type { AfterCommit } from "./after-commit";
import { limitBody } from "./body-limit";
import { afterResponse, type AppEnv } from "./context";
import { createSchema, logQuerySchema } from "./schemas";
import { validJson, validQuery } from "./validate";

/** A game's read is tagged with its seq (weak: the body also carries a fresh live ticket). */
const seqTag = (seq: number) => `W/"s${seq}"`;
const seqOfTag = (header: string | undefined): number | null => {
  const m = /^(?:W\/)?"s(\d{1,9})"$/.exec(header?.trim() ?? "");
  return m ? Number(m[1]) : null;
};

export function gamesRoutes(afterCommit: AfterCommit) {
  const app = new Hono<AppEnv>();

  app.post("/", limitBody, validJson(createSchema), async (c) => {
    const body = c.req.valid("json");
    const deps = c.get("deps");
    const created = await createGame(deps, { ...body, clientIp: c.req.header("cf-connecting-ip") ?? "unknown" });
    await afterResponse(c, afterCommit, created.id);
    return c.json(created, 201);
  });

  app.get("/:id", validQuery(logQuerySchema), async (c) => {
    const deps = c.get("deps");
    // A page's look at a game it holds: the live object knows the seq while a page is open, so
    // "nothing changed" costs no D1 read. The ETag is the seq, the one thing such a look compares.
    const held = seqOfTag(c.req.header("if-none-match"));
    if (held !== null && (await deps.live.seq(c.req.param("id"))) === held) return c.body(null, 304, { ETag: seqTag(held) });
    const opened = await openGame(deps, c.req.param("id"), bearerToken(c));
    const view = gameView(opened.ruleset, opened.game, opened.seats, opened.you, deps.now());
    // `after`: the page's log ends there, so the answer brings what it lacks (one request, not two)
    const after = c.req.valid("query").after;
    const [rematch, session, watching, log] = await Promise.all([
      rematchView(deps, opened),
      opened.you ? openSession(deps, opened, opened.you) : null,
      opened.you ? null : spectatorTicket(deps, opened),
      // from 0 the answer carries the start position, even for a game with no turn yet
      after === undefined ? undefined : after > 0 && after >= opened.game.seq ? { seq: opened.game.seq, entries: [] } : gameLog(deps, opened, after),
    ]);
    // active games only: a finished one never moves again
    const live = opened.game.status === "active" ? (session?.live ?? watching) : null;
    c.header("ETag", seqTag(opened.game.seq));
    return c.json({ ...view, ...(view.you && session ? { you: { ...view.you, ...session } } : {}), rematch, live, ...(log ? { log } : {}) });
  });

  app.get("/:id/log", validQuery(logQuerySchema), async (c) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id"), null);
    return c.json(await gameLog(deps, opened, c.req.valid("query").after ?? 0));
  });

  app.get("/:id/legal", async (c) => {
    const opened = await openGame(c.get("deps"), c.req.param("id"), bearerToken(c));
    const { seat, ...query } = c.req.query();
    return c.json(legalChoices(opened, seat, query));
  });

  app.get("/:id/units/:unit", async (c) => {
    const opened = await openGame(c.get("deps"), c.req.param("id"), bearerToken(c));
    return c.json(unitOptions(opened, c.req.query("seat"), c.req.param("unit")));
  });

  app.get("/:id/export", async (c) => {
    const deps = c.get("deps");
    return c.json(await exportGame(deps, await openGame(deps, c.req.param("id"), null)));
  });

  return app;
}
