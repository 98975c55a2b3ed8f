/** The isolate's warm-up (worker/warm-up.ts) really runs the code a request runs, and never throws. */
import { describe, expect, it, vi } from "vitest";
import { rulesets } from "../../worker/engine/registry";
import { playEveryRuleset } from "../../worker/engine/warm-up";
import { createApp } from "../../worker/http/app";
import { warmUp } from "../../worker/warm-up";

describe("warm-up at an isolate's startup", () => {
  it("plays the computer's moves in every scenario of every ruleset, as many as a request may", () => {
    const played = new Map<string, number>();
    const total = playEveryRuleset(rulesets, (id) => {
      played.set(id, 0);
      return 3;
    });
    expect([...played.keys()].sort()).toEqual([...rulesets.keys()].sort());
    const scenarios = [...rulesets.values()].reduce((n, r) => n + r.scenarios.length, 0);
    expect(total).toBe(3 * scenarios);
  });

  it("routes, checks, builds SQL and renders a mail without a database or a request, and says nothing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createApp();
    await warmUp(app.router);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
