import { Hono, type Context } from "hono";
import { addSeatChannel, deleteSeatChannel, listChannels, testSeatChannel } from "../games/channels";
import { openGame } from "../games/load";
import { bearerToken } from "./bearer";
import { limitBody } from "./body-limit";
import type { AppEnv } from "./context";
import { channelSchema } from "./schemas";
import { validJson } from "./validate";

/** A seat's push and webhook channels. Mounted under /api/games. */
export function channelsRoutes() {
  const app = new Hono<AppEnv>();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  /** A mailed link's proof of the seat's address (`X-Address-Proof`: the page keeps the link's `a=`). */
  const proof = (c: Context<AppEnv, any>) => c.req.header("x-address-proof") ?? null;
  const opened = (c: Context<AppEnv, any>) => openGame(c.get("deps"), c.req.param("id") as string, bearerToken(c));

  app.get("/:id/channels", async (c) => c.json(await listChannels(c.get("deps"), await opened(c), proof(c))));

  app.post("/:id/channels", limitBody, validJson(channelSchema), async (c) => {
    const added = await addSeatChannel(c.get("deps"), await opened(c), c.req.valid("json"), proof(c));
    return c.json(added, 201);
  });

  app.delete("/:id/channels/:channel", async (c) => {
    await deleteSeatChannel(c.get("deps"), await opened(c), c.req.param("channel"), proof(c));
    return c.body(null, 204);
  });

  app.post("/:id/channels/:channel/test", async (c) => c.json(await testSeatChannel(c.get("deps"), await opened(c), c.req.param("channel"), proof(c))));

  return app;
}
