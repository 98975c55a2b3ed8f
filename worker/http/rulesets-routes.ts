import { Hono } from "hono";
import { rulesets } from "../engine/registry";
import { isRuleError } from "../engine/ruleset";
import type { AppEnv } from "./context";

export function rulesetsRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", (c) =>
    c.json({
      rulesets: [...rulesets.values()].map((r) => ({
        id: r.id,
        title: r.title,
        scenarios: r.scenarios.map((s) => {
          const seats = r.seats(s.id, {});
          return { ...s, seats: isRuleError(seats) ? [] : seats };
        }),
        options: r.options,
      })),
    }),
  );
  return app;
}
