import { Hono } from "hono";
import { isRuleError } from "../engine/ruleset";
import type { AppEnv } from "./context";

export function rulesetsRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", (c) =>
    c.json({
      rulesets: [...c.get("deps").rulesets.values()].map((r) => {
        const options = r.parseOptions({});
        return {
          id: r.id,
          title: r.title,
          scenarios: r.scenarios.map((s) => {
            const seats = isRuleError(options) ? options : r.seats(s.id, options);
            return { ...s, seats: isRuleError(seats) ? [] : seats };
          }),
          options: r.options,
          choiceKinds: r.choiceKinds,
        };
      }),
    }),
  );
  return app;
}
