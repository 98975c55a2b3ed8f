import { describe, expect, it } from "vitest";
import {
  buildPools,
  carryOver,
  countSuccesses,
  flatten,
  poolsOf,
  rollTest,
  SYSTEM,
  type Modifier,
  type Pool,
  type TestSpec,
} from "../../../worker/engine/skirmish/dice";
import { ScriptedDice } from "./dice-helpers";

const pool = (b: number, m = 0, w = 0): Pool => ({ b, m, w });
const mod = (name: string, side: "active" | "passive", dice: string): Modifier => ({ name, side, dice });

describe("§4.1 dice", () => {
  it.each([
    ["b", [0, 0, 0, 1, 1, 2], [0, 0, 0, 0, 0, 1]],
    ["m", [0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 1]],
    ["w", [0, 0, 0, 1, 1, 3], [0, 0, 0, 1, 1, 1]],
  ] as const)("§4.1 %s die: successes and carry-over per face 1..6", (kind, successes, carries) => {
    for (let face = 1; face <= 6; face++) {
      const faces = { b: [] as number[], m: [] as number[], w: [] as number[] };
      faces[kind].push(face);
      expect(countSuccesses(faces)).toBe(successes[face - 1]);
      expect(carryOver(faces)[kind]).toBe(carries[face - 1]);
    }
  });
});

describe("§4.2 building the pools", () => {
  it("§4.2 step 1: each participant starts with 2 Base dice", () => {
    expect(buildPools([])).toEqual({ active: pool(2), passive: pool(2) });
  });
  it("§4.2 steps 2-3: bonus dice to the owner, penalty dice to the opponent", () => {
    const pools = buildPools([mod("Outnumber", "active", "+1w"), mod("Hindrance", "active", "-1m"), mod("Direct cover", "active", "-1b"), mod("Deflect", "passive", "+1m")]);
    expect(pools).toEqual({ active: pool(2, 0, 1), passive: pool(3, 2) });
  });
  it.each([
    [pool(3, 2, 1), pool(4, 1, 1), pool(2, 1, 0), pool(3, 0, 0)],
    [pool(2, 3, 0), pool(2, 0, 2), pool(2, 3, 0), pool(2, 0, 2)],
    [pool(5, 1, 2), pool(3, 4, 1), pool(4, 0, 1), pool(2, 3, 0)],
    [pool(2, 1, 1), pool(2, 1, 1), pool(2), pool(2)],
  ])("§4.2 step 4 flattening: %o vs %o -> %o vs %o", (a, p, fa, fp) => {
    expect(flatten(a, p)).toEqual({ active: fa, passive: fp });
  });
  it("§4.2 step 5 / §3.5 Fight X cancels up to X penalty Modifier dice against its owner, before flattening", () => {
    const modifiers = [mod("Hindrance", "active", "-1m"), mod("[Stub]", "active", "-1m"), mod("Parry", "passive", "+1m")];
    expect(buildPools(modifiers)).toEqual({ active: pool(2), passive: pool(2, 3) });
    expect(buildPools(modifiers, { ignorePenaltyM: { active: 1 } })).toEqual({ active: pool(2), passive: pool(2, 2) });
    // Fight never cancels more than the penalties there are, nor the opponent's own bonus
    expect(buildPools(modifiers, { ignorePenaltyM: { active: 5 } })).toEqual({ active: pool(2), passive: pool(2, 1) });
    expect(poolsOf({ modifiers: [...modifiers, mod("Charge", "active", "+1m")], rules: { ignorePenaltyM: { active: 1 } } })).toEqual({ active: pool(2), passive: pool(2, 1) });
  });
  it("§6.2 a side with no dice (leaderless) rolls nothing; penalties that would reach it are dropped and nothing is flattened", () => {
    const spec = { modifiers: [mod("Hindrance", "active", "-1m"), mod("Fewer BP", "active", "+1b")], rules: { noDice: { passive: true } } };
    expect(poolsOf(spec)).toEqual({ active: pool(3), passive: pool(0) });
  });
});

describe("§4.3 rolling and scoring", () => {
  const worked: TestSpec = {
    test: "hit_close",
    dr: 0,
    active: { model: "a1", attr: "CCA", value: 5 },
    passive: { model: "b1", attr: "CCA", value: 3 },
    modifiers: [mod("Bonus", "active", "+1b"), mod("Bonus", "active", "+1m"), mod("Bonus", "active", "+1w"), mod("Bonus", "passive", "+1b")],
  };

  it("§4.3 worked example: {b3 m1 w1} vs {b3} -> {b2 m1 w1} vs {b2}; faces 6 5 4 3 | 2 1: 9 vs 3, pass, 6 cascades, carry-over b1", () => {
    const dice = new ScriptedDice([6, 5, 4, 3, 2, 1]);
    const record = rollTest(worked, dice);
    expect(dice.spent).toBe(true);
    expect(record.active.pool).toEqual(pool(2, 1, 1));
    expect(record.passive.pool).toEqual(pool(2));
    expect(record.active.faces).toEqual({ b: [6, 5], m: [4], w: [3] });
    expect(record.passive.faces).toEqual({ b: [2, 1], m: [], w: [] });
    expect([record.active.successes, record.active.score, record.passive.score]).toEqual([4, 9, 3]);
    expect([record.pass, record.cascades, record.misses]).toEqual([true, 6, 0]);
    expect(record.carryOver).toEqual(pool(1));
  });

  it("§4.3 roll order: active Base, Modifier, Wild, then passive Base, Modifier, Wild", () => {
    const spec: TestSpec = { ...worked, modifiers: [mod("a", "active", "+1m"), mod("p", "passive", "+1w"), mod("p", "passive", "-2m")] };
    const record = rollTest(spec, new ScriptedDice([1, 2, 3, 4, 5, 6, 1, 2]));
    expect(record.active.faces).toEqual({ b: [1, 2], m: [3, 4, 5], w: [] });
    expect(record.passive.faces).toEqual({ b: [6, 1], m: [], w: [2] });
  });

  it("§4.3 a tie passes with 0 cascades (seed) and gives carry-overs", () => {
    const record = rollTest({ ...worked, active: { ...worked.active, value: 2 }, passive: { ...worked.passive, value: 2 }, modifiers: [] }, new ScriptedDice([6, 1, 4, 4]));
    expect([record.active.score, record.passive.score]).toEqual([4, 4]);
    expect([record.pass, record.cascades, record.misses]).toEqual([true, 0, 0]);
    expect(record.carryOver).toEqual(pool(1));
  });

  it("§4.3 a failure counts misses = passive - active and carries nothing over", () => {
    const record = rollTest({ ...worked, modifiers: [mod("w", "active", "+1w")], active: { ...worked.active, value: 1 } }, new ScriptedDice([6, 6, 6, 6, 6]));
    expect([record.active.score, record.passive.score]).toEqual([1 + 7, 3 + 4]);
    expect(record.pass).toBe(true);
    const failed = rollTest({ ...worked, modifiers: [], active: { ...worked.active, value: 1 } }, new ScriptedDice([1, 1, 6, 4]));
    expect([failed.pass, failed.cascades, failed.misses]).toEqual([false, 0, 5]);
    expect(failed.carryOver).toEqual(pool(0));
  });

  it("§4.3 unopposed: the System scores 2 + DR plus its own pool's successes", () => {
    const record = rollTest({ test: "fear", dr: 1, active: { model: "a1", attr: "POW", value: 2 }, passive: SYSTEM, modifiers: [mod("Hindrance", "active", "-1m")] }, new ScriptedDice([4, 4, 1, 1, 4]));
    expect(record.passive.model).toBeNull();
    expect(record.passive.pool).toEqual(pool(2, 1));
    expect([record.active.score, record.passive.score]).toEqual([4, 2 + 1 + 1]);
    expect([record.pass, record.cascades]).toEqual([true, 0]);
  });

  it("§14 flattened dice are never drawn", () => {
    const dice = new ScriptedDice([1, 1, 1, 1]);
    rollTest({ ...worked, modifiers: [mod("a", "active", "+2m"), mod("p", "passive", "+2m"), mod("a", "active", "+1w"), mod("p", "passive", "+1w")] }, dice);
    expect(dice.spent).toBe(true);
  });
});
