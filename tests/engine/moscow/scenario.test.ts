import { describe, expect, it } from "vitest";
import { moscow, type MoscowState } from "../../../worker/engine/moscow";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError, type RuleError } from "../../../worker/engine/ruleset";
import { parsed, where } from "./helpers";

const setup = (scenario: Record<string, unknown>) => moscow.setup(scenario, parsed({}), rngFromSeed("custom"));

describe("§Setup: custom scenarios (an inline scenario in the shape of scenarios/moscow/quickstart.json)", () => {
  it("§Setup: places the listed units (German full, Soviet half) and starts at the given turn and phase", () => {
    const s = setup({ title: "Tula pocket", start: { turn: 5, phase: "german_movement" }, german: { "1006": "XL", "1008": "VII" }, soviet: { "1107": "50" } }) as MoscowState;
    expect(isRuleError(s)).toBe(false);
    expect([s.turn, s.phase, s.scenario]).toEqual([5, "german_movement", "custom"]);
    expect(where(s, "XL")).toBe("1006");
    expect(s.units.find((u) => u.id === "XL")!.strength).toBe("full");
    expect(s.units.find((u) => u.id === "50")!.strength).toBe("half");
    expect(s.units.filter((u) => u.position).length).toBe(3);
    expect(moscow.seats({ start: { turn: 1, phase: "soviet_setup" } }, parsed({}))).toEqual(["german", "soviet"]);
  });

  it.each([
    [{ start: { turn: 9, phase: "german_movement" } }, "start.turn", undefined],
    [{ start: { turn: 2, phase: "lunch" } }, "start.phase", undefined],
    [{ start: { turn: 2, phase: "german_movement" }, german: { "0399": "XL" } }, "german.0399", "0399"],
    [{ start: { turn: 2, phase: "german_movement" }, german: { "0305": "5" } }, "german.0305", "0305"],
    [{ start: { turn: 2, phase: "german_movement" }, german: { "0305": "XL", "0306": "XL" } }, "german.0306", "0306"],
    [{ start: { turn: 2, phase: "german_movement" }, german: { "0305": "XL" }, soviet: { "0305": "5" } }, "soviet.0305", "0305"],
    [{ start: { turn: 2, phase: "soviet_movement" }, soviet: { "1103": "1S" } }, "soviet.1103", "1103"],
    [{ start: { turn: 1, phase: "soviet_setup" }, german: { "0305": "XL" } }, "german", undefined],
    [{ start: { turn: 1, phase: "german_movement" }, map: {} }, "map", undefined],
    [{ start: { turn: 1, phase: "german_movement" }, colour: "red" }, "colour", undefined],
  ])("§Setup: %j is refused naming the field (and the hex)", (scenario, field, hex) => {
    const r = setup(scenario) as RuleError;
    expect(isRuleError(r)).toBe(true);
    expect(r.code).toBe("bad_scenario");
    expect(r.details).toMatchObject({ field, ...(hex ? { hex } : {}) });
    expect(r.message).toContain(field);
  });
});
