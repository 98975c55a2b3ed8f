import { describe, expect, it } from "vitest";
import { dicewars, type DiceWarsState } from "../../../worker/engine/dicewars";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError, type RuleError } from "../../../worker/engine/ruleset";
import { parsed } from "./helpers";

const starts = { p1: [0, 0], p2: [6, 6], p3: [0, 6], p4: [6, 0] };

describe("custom scenarios (rules 3: an inline map size and start cells)", () => {
  it("sets up a 7x7 board with the given start cells of strength 8", () => {
    const s = dicewars.setup({ size: 7, starts, title: "Tiny" }, parsed({ players: 2 }), rngFromSeed("c")) as DiceWarsState;
    expect(isRuleError(s)).toBe(false);
    expect([s.size, s.scenario]).toEqual([7, "custom"]);
    expect(s.owner[0]).toBe(0);
    expect(s.owner[6 * 7 + 6]).toBe(1);
    expect(s.strength[0]).toBe(8);
  });

  it.each([
    [{ size: 40, starts }, "size"],
    [{ size: 7, starts: { ...starts, p2: [7, 1] } }, "starts.p2"],
    [{ size: 7, starts: { ...starts, p3: [0, 0] } }, "starts.p3"],
    [{ size: 7, starts: { ...starts, p4: "corner" } }, "starts.p4"],
    [{ size: 7, starts, blocked: [] }, "blocked"],
  ])("%j is refused naming the field", (scenario, field) => {
    const r = dicewars.setup(scenario, parsed({}), rngFromSeed("c")) as RuleError;
    expect(r.code).toBe("bad_scenario");
    expect(r.details).toMatchObject({ field });
  });
});
