import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moscow, type MoscowState } from "../../../worker/engine/moscow";
import { indexOf, UNIT_DEFS } from "../../../worker/engine/moscow/data";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";
import { randomAction, randomLegal } from "./random";

const scenarios = ["standard", "quickstart"] as const;
const optionSets = [{}, { sovietReplacements: 3, germanReplacementTurns: "even", rules: "seed-spec" }, { sovietReplacements: 4 }];

/** A state reached by `steps` random legal actions from a scenario's start. */
function reachable(seed: number, steps: number, scenario: string, options: object): MoscowState {
  const rng = rngFromSeed(`walk:${seed}`);
  let state = moscow.setup(scenario, options as never, rng) as MoscowState;
  for (let i = 0; i < steps && !state.outcome; i++) {
    const r = moscow.apply(state, moscow.toAct(state)[0]!, randomLegal(state, rng), rngFromSeed(`dice:${seed}:${i}`));
    if (isRuleError(r)) throw new Error(`random legal action refused: ${r.code} ${r.message}`);
    state = r.state;
  }
  return state;
}

/** The invariants that hold after every accepted action. */
function checkInvariants(state: MoscowState) {
  const seen = new Set<number>();
  state.units.forEach((u, k) => {
    expect(u.id).toBe(UNIT_DEFS[k]!.id);
    expect(u.position === null, `${u.id} position/strength`).toBe(u.strength === "eliminated");
    if (u.position) {
      const i = indexOf(u.position);
      expect(i, `${u.id} on the map`).toBeGreaterThanOrEqual(0);
      expect(seen.has(i), `two units share ${u.position}`).toBe(false);
      seen.add(i);
    }
  });
  const limit = state.options.sovietReplacements;
  expect(state.soviet_replacements_remaining).toBeGreaterThanOrEqual(0);
  expect(state.soviet_replacements_remaining).toBeLessThanOrEqual(state.phase === "soviet_replacement" ? limit : 0);
  if (state.phase !== "german_replacement") expect(state.german_replacement_used).toBe(true);
  expect(state.first_shock_army_available).toBe(state.turn >= 4 && !state.phase.endsWith("_setup"));
  if (state.turn < 4) expect(state.units.find((u) => u.id === "1S")!.position).toBeNull();
  const owner = state.phase.startsWith("german") ? "german" : "soviet";
  expect(new Set(state.moved_this_phase).size).toBe(state.moved_this_phase.length);
  for (const id of state.moved_this_phase) expect(UNIT_DEFS.find((u) => u.id === id)!.side).toBe(owner);
  if (!state.phase.includes("movement")) expect(state.moved_this_phase).toEqual([]);
  if (!state.phase.endsWith("combat")) expect(state.pending_battles).toEqual([]);
  const attackers = state.pending_battles.flatMap((b) => b.attackers);
  expect(new Set(attackers).size).toBe(attackers.length);
  expect(Object.values(state.city_control).every((s) => s === "german" || s === "soviet")).toBe(true);
  if (state.outcome) {
    expect(state.phase).toBe("game_over");
    expect(moscow.toAct(state)).toEqual([]);
    expect(state.outcome.winners).toEqual([state.city_control.Moscow]);
  } else {
    expect(moscow.toAct(state)).toEqual([owner]);
  }
  // pending is set exactly when a choice is owed: then every option is accepted, and there is more than one.
  if (state.pending) {
    expect(state.phase.endsWith("combat")).toBe(true);
    expect(state.pending_battles[state.pending.battle_index]!.resolved).toBe(true);
    expect(state.pending.options.length).toBeGreaterThan(1);
    for (const o of state.pending.options) {
      const rng = rngFromSeed("choice");
      expect(isRuleError(moscow.apply(state, owner, o, rng)), JSON.stringify(o)).toBe(false);
      expect(rng.draws).toBe(0);
    }
  } else if (!state.outcome) {
    for (const o of [{ type: "advance", unit_id: null }, { type: "choose_losses", steps: ["XL"] }]) {
      const r = moscow.apply(state, owner, o, rngFromSeed("x"));
      expect(isRuleError(r) && r.code).toBe("invalid_choice");
    }
  }
}

const walkArb = fc.record({
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  steps: fc.integer({ min: 0, max: 300 }),
  scenario: fc.constantFrom(...scenarios),
  options: fc.constantFrom(...optionSets),
});

describe("§Properties (fast-check) from random reachable states", () => {
  it("§Properties: a rejected action leaves the state deep-equal and draws no random number; an accepted one keeps the invariants", () => {
    fc.assert(
      fc.property(walkArb, fc.integer(), fc.constantFrom("german", "soviet", "nobody"), ({ seed, steps, scenario, options }, actionSeed, seat) => {
        const state = reachable(seed, steps, scenario, options);
        const before = JSON.stringify(state);
        const pickRng = rngFromSeed(`act:${actionSeed}`);
        for (let k = 0; k < 12; k++) {
          const action = randomAction(state, pickRng);
          const dice = rngFromSeed(`d:${actionSeed}:${k}`);
          const r = moscow.apply(state, seat, action, dice);
          expect(JSON.stringify(state), "apply never mutates its input").toBe(before);
          if (isRuleError(r)) {
            expect(dice.draws, `${r.code} drew a number`).toBe(0);
            expect(typeof r.code).toBe("string");
            expect(r.message.length).toBeGreaterThan(0);
          } else {
            expect(dice.draws).toBeLessThanOrEqual(1);
            if (dice.draws === 1) expect((action as { type: string }).type).toBe("resolve_battle");
            checkInvariants(r.state);
            expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state);
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it("§Properties: after every accepted action of a random legal playout the invariants hold", () => {
    fc.assert(
      fc.property(walkArb, ({ seed, scenario, options }) => {
        const rng = rngFromSeed(`full:${seed}`);
        let state = moscow.setup(scenario, options as never, rng) as MoscowState;
        checkInvariants(state);
        for (let i = 0; i < 3000 && !state.outcome; i++) {
          const action = randomLegal(state, rng);
          const r = moscow.apply(state, moscow.toAct(state)[0]!, action, rngFromSeed(`dice:${seed}:${i}`));
          if (isRuleError(r)) throw new Error(`random legal action refused: ${r.code} ${r.message} ${JSON.stringify(action)}`);
          state = r.state;
          checkInvariants(state);
        }
        expect(state.outcome).not.toBeNull();
      }),
      { numRuns: 6 },
    );
  });

  it("§Properties: legal() answers are accepted — every valid hex of every movable unit is a legal move", () => {
    fc.assert(
      fc.property(walkArb, ({ seed, steps, scenario, options }) => {
        const state = reachable(seed, steps, scenario, options);
        if (state.outcome || state.pending || !state.phase.includes("movement")) return;
        const seat = moscow.toAct(state)[0]!;
        const l = moscow.legal(state, seat) as { units: { unit_id: string; valid_hexes: [number, number][] }[] };
        for (const u of l.units) {
          for (const to of u.valid_hexes) {
            const r = moscow.apply(state, seat, { type: "move", unit_id: u.unit_id, to }, rngFromSeed("m"));
            expect(isRuleError(r), `${u.unit_id} -> ${to}`).toBe(false);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
