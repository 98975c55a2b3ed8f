import { Hono } from "hono";
import { isRuleError } from "../engine/ruleset";
import type { AppEnv } from "./context";
import { seatTitleIn } from "../mail/names";

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
            const list = isRuleError(seats) ? [] : seats;
            // the seats as players read them ("USA"), for a create form that never shows an id
            return { ...s, seats: list, seatTitles: Object.fromEntries(list.map((seat) => [seat, seatTitleIn(r, seat)])) };
          }),
          options: r.options,
          choiceKinds: r.choiceKinds,
        };
      }),
    }),
  );
  return app;
}
