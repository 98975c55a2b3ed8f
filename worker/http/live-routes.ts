import { Hono } from "hono";
import { checkLiveTicket } from "../live/ticket";
import type { AppEnv } from "./context";

/**
 * GET /api/games/:id/live: the page's WebSocket to the game's LiveGame object. The ticket (from
 * the GET of the game: the seat's, or a spectator's) is checked here, with no D1 read.
 * Mounted under /api/games.
 */
export function liveRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/:id/live", async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.json({ error: "bad_request", message: "This is a WebSocket: connect with Upgrade: websocket" }, 426);
    const ns = c.env.LIVE;
    if (!ns) return c.json({ error: "not_found", message: "The live page is not set up on this server (no LIVE binding): the page polls instead" }, 404);
    const id = c.req.param("id");
    const seat = await checkLiveTicket(c.env.TOKEN_SECRET, id, c.req.query(), c.get("deps").now());
    if (seat === null) return c.json({ error: "unauthorized", message: "This live ticket is missing, expired or altered: reload the page (GET /api/games/:id gives one, `live`)" }, 401);
    const headers = new Headers(c.req.raw.headers);
    headers.set("X-Live-Seat", seat);
    headers.set("X-Live-Epoch", c.req.query("epoch") ?? "0");
    return ns.get(ns.idFromName(id)).fetch(new Request(c.req.raw.url, { headers }));
  });
  return app;
}
