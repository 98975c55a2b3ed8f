/**
 * The Moscow page's words for combat say what happened and what will: a battle's headline
 * follows its events (a DR whose unit had no retreat path reads as an elimination, "Combat"
 * in moscow.md), and a losses choice says what each unit becomes (full to half, half to gone).
 */
import { describe, expect, it } from "vitest";
import { moscow } from "../../worker/engine/moscow";
import { rngFromSeed } from "../../worker/engine/rng";
import { unitDef } from "../../worker/engine/moscow/data";
import type { MoscowState } from "../../worker/engine/moscow/state";
import { battleOutcome, optionLabel } from "../../web/rulesets/moscow/labels";

describe("a battle's headline follows what its result did (Combat: retreat)", () => {
  it("Combat: a retreat with no legal path eliminates the unit, and the headline says so", () => {
    const events = [
      { kind: "retreat_blocked", unitId: "5", hex: [3, 4] },
      { kind: "eliminated", unitId: "5", side: "soviet", hex: [3, 4], from: "full", cause: "DR" },
    ];
    expect(battleOutcome(events)).toEqual(["5 had no retreat path and is eliminated"]);
  });
  it("Combat: a retreat names the hex it ends on, a step lost its unit", () => {
    const events = [
      { kind: "step_lost", unitId: "5", side: "soviet", hex: [3, 4], from: "full", to: "half", value: 2, cause: "DRL" },
      { kind: "retreated", unitId: "5", side: "soviet", from: [3, 4], to: [5, 3], path: [[4, 4], [5, 3]] },
    ];
    const [lost, moved] = battleOutcome(events);
    expect(lost).toBe("5 loses a step");
    expect(moved).toMatch(/^5 retreats to \d{4}/);
  });
});

describe("a losses choice says what each unit becomes (Combat: results, AL and EX)", () => {
  const state = moscow.setup("standard", moscow.parseOptions({}) as never, rngFromSeed("labels")) as MoscowState;
  const vii = unitDef("VII")!;
  it("Combat: a full unit's step leaves its half side", () => {
    expect(optionLabel({ type: "choose_losses", steps: ["VII"] }, state)).toBe(`VII loses a step: ${vii.full}-${vii.ma} becomes ${vii.half}-${vii.ma}`);
  });
  it("Combat: both steps of a unit remove it", () => {
    expect(optionLabel({ type: "choose_losses", steps: ["VII", "VII"] }, state)).toBe(`VII is eliminated (${vii.full}-${vii.ma} removed)`);
  });
  it("Combat: a half unit's step removes it", () => {
    const half = { ...state, units: state.units.map((u) => (u.id === "VII" ? { ...u, strength: "half" as const } : u)) };
    expect(optionLabel({ type: "choose_losses", steps: ["VII"] }, half)).toBe(`VII is eliminated (${vii.half}-${vii.ma} removed)`);
  });
});
