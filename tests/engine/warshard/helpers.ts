/** Test helpers: inline positions, scripted dice, terse apply. */
import type { Rng } from "../../../worker/engine/rng";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError, type AnyRuleset, type Applied, type RuleError } from "../../../worker/engine/ruleset";
import { warshard, type WarshardEvent, type WarshardState } from "../../../worker/engine/warshard";

/** A richer position than boot_camp: artillery, air wings, HQs and infantry on both sides. */
export const COMBINED_ARMS = {
  id: "combined_arms",
  title: "Combined arms (test)",
  map: {
    cols: 10,
    rows: 8,
    default: "plains",
    hexes: [
      { hex: [4, 1], type: "city", name: "Hill town", vp: 10 },
      { hex: [5, 1], type: "forest", vp: 5 },
      { hex: [3, 3], type: "road" },
      { hex: [6, 0], type: "water" },
      { hex: [2, 4], type: "elevation", vp: 5 },
    ],
  },
  sides: ["red", "blue"],
  firstSide: "red",
  turnLimit: 8,
  units: [
    { id: "r1", side: "red", type: "armor", hex: [1, 2] },
    { id: "r2", side: "red", type: "infantry", hex: [1, 3] },
    { id: "r3", side: "red", type: "artillery", hex: [0, 3] },
    { id: "r4", side: "red", type: "air_wing", hex: [0, 4] },
    { id: "r5", side: "red", type: "hq", hex: [0, 2] },
    { id: "r6", side: "red", type: "mechanised", hex: [2, 1] },
    { id: "b1", side: "blue", type: "infantry", hex: [4, 1] },
    { id: "b2", side: "blue", type: "infantry", hex: [4, 2] },
    { id: "b3", side: "blue", type: "artillery", hex: [6, 1] },
    { id: "b4", side: "blue", type: "hq", hex: [7, 1] },
    { id: "b5", side: "blue", type: "air_wing", hex: [8, 0] },
    { id: "b6", side: "blue", type: "mechanised", hex: [5, 2] },
  ],
  reinforcements: [{ id: "b7", side: "blue", type: "armor", hex: [8, 1], turn: 4 }],
  replacementPoints: { red: [[0, 1], [0, 5]], blue: [[8, 2], [9, 1]] },
};

export const INLINE: Record<string, Record<string, unknown>> = { "test:combined_arms": COMBINED_ARMS };

/** The ruleset with test positions reachable by id (the conformance suite takes ids). */
export function withInlineScenarios(ruleset: AnyRuleset): AnyRuleset {
  const ref = (id: unknown) => (typeof id === "string" && INLINE[id] ? INLINE[id]! : id);
  return {
    ...ruleset,
    scenarios: [...ruleset.scenarios, ...Object.keys(INLINE).map((id) => ({ id, title: id, line: "test position" }))],
    seats: (s: unknown, o: unknown) => ruleset.seats(ref(s) as never, o),
    setup: (s: unknown, o: unknown, rng: Rng) => ruleset.setup(ref(s) as never, o, rng),
  };
}

/** An Rng whose d6() and int() return the given values in order. */
export function dice(...values: number[]): Rng {
  let draws = 0;
  const next = () => {
    const v = values[draws];
    if (v === undefined) throw new Error("scripted dice ran out");
    draws++;
    return v;
  };
  return {
    float: () => next() / 6,
    int: () => next(),
    d6: next,
    get draws() {
      return draws;
    },
  };
}

export function setup(scenario: string | Record<string, unknown>): WarshardState {
  const s = warshard.setup(scenario, {}, rngFromSeed("setup"));
  if (isRuleError(s)) throw new Error(s.message);
  return s;
}

/** Applies and insists it is accepted. */
export function play(state: WarshardState, seat: string, action: unknown, rng: Rng = rngFromSeed("x")): Applied<WarshardState, WarshardEvent> {
  const r = warshard.apply(state, seat, action, rng);
  if (isRuleError(r)) throw new Error(`${seat} ${JSON.stringify(action)}: ${r.code} ${r.message}`);
  return r;
}

export function refused(state: WarshardState, seat: string, action: unknown): RuleError {
  const r = warshard.apply(state, seat, action, rngFromSeed("x"));
  if (!isRuleError(r)) throw new Error(`${JSON.stringify(action)} was accepted`);
  return r;
}

/** A position: a small open board with the given units; everything else defaults. */
export function position(units: Record<string, unknown>[], extra: Record<string, unknown> = {}): WarshardState {
  return setup({ map: { cols: 10, rows: 10, default: "plains", hexes: [] }, sides: ["blue", "red"], firstSide: "blue", turnLimit: 10, units, ...extra });
}
