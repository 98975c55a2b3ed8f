import { describe, expect, it } from "vitest";
import { rngFromSeed } from "../../worker/engine/rng";
import { isRuleError } from "../../worker/engine/ruleset";
import { duel, type DuelState } from "../rulesets/duel";
import { conformance } from "./conformance";

// The test ruleset that owes mid-turn choices passes the same suite as the real ones.
conformance(duel, [{ scenario: "plain", walks: 50, walkLength: 40, games: 2, maxActions: 100 }]);

describe("duel: the owed choice and its standing orders", () => {
  const raided = (() => {
    const start = duel.setup("plain", {}, rngFromSeed("s")) as DuelState;
    const r = duel.apply(start, "a", { type: "raid" }, rngFromSeed("d"));
    if (isRuleError(r)) throw new Error(r.message);
    return r.state;
  })();

  it("after a raid the other seat owes the support choice, and only it may act", () => {
    expect(duel.owed(raided)).toEqual({ seat: "b", kind: "support", line: "support the defence against this raid?" });
    expect(duel.toAct(raided)).toEqual(["b"]);
  });

  it.each([
    ["always", true],
    ["never", false],
  ] as const)("a standing order %s answers it with commit %s; an unknown policy answers nothing", (policy, commit) => {
    expect(duel.standingOrder(raided, "b", policy)).toEqual({ type: "support", commit });
    expect(duel.standingOrder(raided, "b", "sometimes")).toBeNull();
    expect(duel.standingOrder(raided, "a", policy)).toBeNull();
  });
});
