/** The isolate's warm-up (worker/warm-up.ts) really runs the code a request runs, and never throws. */
import { describe, expect, it, vi } from "vitest";
import { rulesets } from "../../worker/engine/registry";
import { playEveryRuleset } from "../../worker/engine/warm-up";
import { createApp } from "../../worker/http/app";
import { warmUp } from "../../worker/warm-up";

describe("warm-up at an isolate's startup", () => {
  it("plays the computer's moves in every scenario of every ruleset, as many as a request may", () => {
    const played = new Map<string, number>();
    const total = playEveryRuleset(rulesets, (ruleset) => {
      played.set(ruleset.id, 0);
      return 3;
    });
    expect([...played.keys()].sort()).toEqual([...rulesets.keys()].sort());
    const scenarios = [...rulesets.values()].reduce((n, r) => n + r.scenarios.length, 0);
    expect(total).toBe(3 * scenarios);
  });

  it("creates a game and submits a move through the service and through the app's routes, the computer moving in both, and composes their mail, storing and sending nothing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetches = vi.spyOn(globalThis, "fetch");
    const app = createApp();
    const Response = globalThis.Response;
    // the isolate's after-commit work (index.ts: the mail drained, the live page told) runs on the warm-up's own app
    const committed: string[] = [];
    const report = await warmUp(app.router, { afterCommit: async (deps, gameId) => (committed.push(gameId), deps.live.announce(gameId, { seq: 0 })) });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    // the Resend SDK built a request for each mail handed to it (since mail is written claimed, the
    // drains send a request's mail from memory as a real drain does), each cancelled before it could leave
    expect(fetches).toHaveBeenCalledTimes(2);
    for (const [, init] of fetches.mock.calls) expect((init as RequestInit).signal?.aborted).toBe(true);
    fetches.mockRestore();
    // the Soviet setup (seq 1), then the computer's German turn inside the same submission
    // its own app answered a validated create, an authenticated submission, and the seat's page (404: blank D1 keeps no game)
    expect(report).toEqual({ played: expect.any(Number), submittedTo: 2, requests: [201, 200, 404], mails: 2, resendCancelled: 2 });
    expect(committed).toEqual([expect.stringMatching(/^warmup/), "warmupskirmish"]);
    // the Response the routes were answered with without a body (the global scope refuses one) is put back
    expect(globalThis.Response).toBe(Response);
    expect(await new Response("still whole").text()).toBe("still whole");
    expect(report!.played).toBeGreaterThan(0);
  });
});
