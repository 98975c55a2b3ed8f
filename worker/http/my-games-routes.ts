import { Hono } from "hono";
import { findMyGames, queueMyGames } from "../games/my-games";
import type { AfterMail } from "./after-commit";
import { limitBody } from "./body-limit";
import { inBackground, type AppEnv } from "./context";
import { myGamesSchema } from "./schemas";
import { validJson } from "./validate";

/** POST /api/my-games: the games an address plays, by mail. The answer is the same whatever the address. */
export function myGamesRoutes(afterMail: AfterMail) {
  const app = new Hono<AppEnv>();
  app.post("/", limitBody, validJson(myGamesSchema), async (c) => {
    const { email } = c.req.valid("json");
    const mail = await findMyGames(c.get("deps"), { email, clientIp: c.req.header("cf-connecting-ip") ?? "unknown" });
    // after the answer for every address, so that its timing says nothing of the address
    await inBackground(c, "my-games mail", async (deps) => {
      const id = await queueMyGames(deps, mail);
      if (id) await afterMail(deps, id);
    });
    return c.json({ message: "If this address plays games on hexpost, a mail listing them is on its way." }, 202);
  });
  return app;
}
