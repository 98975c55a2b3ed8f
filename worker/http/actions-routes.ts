import { Hono, type Context } from "hono";
import { abandonSeat } from "../games/abandon";
import { openGame, requireActive, requireSeat } from "../games/load";
import { setOrders } from "../games/orders";
import { setVacation } from "../games/vacation";
import { requestPause, type PauseRequest } from "../games/pause";
import { requestRematch } from "../games/rematch";
import { continueBots } from "../games/resume";
import { submitActions } from "../games/submit";
import { bearerToken } from "./bearer";
import { afterResponse, type AppEnv } from "./context";
import type { AfterCommit } from "./after-commit";
import { limitBody } from "./body-limit";
import { actionsSchema, answerSchema, ordersSchema, pauseSchema, rematchSchema, vacationSchema } from "./schemas";
import { validJson } from "./validate";

export function actionsRoutes(afterCommit: AfterCommit) {
  const app = new Hono<AppEnv>();

  app.post("/:id/actions", limitBody, validJson(actionsSchema), async (c) => {
    const deps = c.get("deps");
    const body = c.req.valid("json");
    const key = c.req.header("idempotency-key");
    if (key !== undefined && (key.length === 0 || key.length > 200)) {
      return c.json({ error: "bad_request", message: "Idempotency-Key must be 1 to 200 characters" }, 400);
    }
    const result = await submitActions(deps, { gameId: c.req.param("id"), token: bearerToken(c), seq: body.seq, actions: body.actions, idempotencyKey: key });
    await afterResponse(c, afterCommit, c.req.param("id"));
    return c.json(result);
  });

  app.post("/:id/resign", limitBody, async (c) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id"), bearerToken(c), { forChange: true });
    const you = requireSeat(opened);
    requireActive(opened);
    const result = await abandonSeat(deps, opened, you.seat, "resignation", you.seat);
    await afterResponse(c, afterCommit, opened.game.id);
    return c.json(result);
  });

  /** Anyone may ask: the computer plays on where a request's budget stopped it (idempotent). */
  app.post("/:id/continue", limitBody, async (c) => {
    const id = c.req.param("id");
    const answer = await continueBots(c.get("deps"), id, bearerToken(c));
    if (answer.continued) await afterResponse(c, afterCommit, id);
    return c.json(answer);
  });

  app.put("/:id/orders", limitBody, validJson(ordersSchema), async (c) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id"), bearerToken(c));
    return c.json(await setOrders(deps, opened, c.req.valid("json").orders));
  });

  app.put("/:id/vacation", limitBody, validJson(vacationSchema), async (c) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id"), bearerToken(c));
    const answer = await setVacation(deps, opened, c.req.valid("json").days);
    // the others' push and webhooks go now, and their open pages hear of it
    await afterResponse(c, afterCommit, opened.game.id);
    return c.json(answer);
  });

  /** A proposal to pause or resume, or an answer to one: a turn like any other, so it may owe mail. */
  const pauseRoute = async (c: Context<AppEnv>, request: PauseRequest) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id")!, bearerToken(c), { forChange: true });
    const result = await requestPause(deps, opened, request);
    await afterResponse(c, afterCommit, opened.game.id);
    return c.json(result);
  };
  app.post("/:id/pause", limitBody, validJson(pauseSchema), (c) => pauseRoute(c, { kind: "propose_pause", until: c.req.valid("json").until }));
  app.post("/:id/resume", limitBody, (c) => pauseRoute(c, { kind: "propose_resume" }));
  app.post("/:id/proposal", limitBody, validJson(answerSchema), (c) => pauseRoute(c, { kind: "answer", agree: c.req.valid("json").agree }));

  app.post("/:id/rematch", limitBody, validJson(rematchSchema), async (c) => {
    const deps = c.get("deps");
    const opened = await openGame(deps, c.req.param("id"), bearerToken(c));
    const rematch = await requestRematch(deps, opened, c.req.valid("json").accept ?? true, c.req.header("cf-connecting-ip") ?? "unknown");
    // the offer's mail (and the old game's open pages hear of it), or the new game's
    await afterResponse(c, afterCommit, opened.game.id);
    if (rematch?.gameId) await afterResponse(c, afterCommit, rematch.gameId);
    return c.json({ rematch });
  });

  return app;
}
