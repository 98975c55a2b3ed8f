/** Test helpers: hand-built positions, scripted dice, terse apply. */
import { expect } from "vitest";
import { legal } from "../../../worker/engine/moscow/legal";
import { fromPrintedId, printedId, type Hex } from "../../../worker/engine/hex";
import type { Rng } from "../../../worker/engine/rng";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError, type Applied, type RuleError } from "../../../worker/engine/ruleset";
import type { MoscowEvent, MoscowOptions } from "../../../worker/engine/moscow";
import { moscow, type MoscowAction, type MoscowState, type Phase, type Strength } from "../../../worker/engine/moscow";
import { indexOf, NEIGHBOURS, hexOf } from "../../../worker/engine/moscow/data";

/** Axial hex of a printed id. */
export function h(id: string): [number, number] {
  const x = fromPrintedId(id);
  if (!x) throw new Error(`bad hex ${id}`);
  return [x[0], x[1]];
}

export const id = (x: Hex): string => printedId(x);
export const sortIds = (xs: readonly Hex[]): string[] => xs.map((x) => printedId(x)).sort();
export const neighboursOf = (pid: string): string[] => NEIGHBOURS[indexOf(h(pid))]!.map((i) => printedId(hexOf(i))).sort();

/** An Rng whose d6() returns the given rolls in order (and counts draws). */
export function dice(...rolls: number[]): Rng {
  let draws = 0;
  const next = () => {
    const r = rolls[draws];
    if (r === undefined) throw new Error("scripted dice ran out");
    draws++;
    return r;
  };
  return {
    float: () => (next() - 1) / 6,
    int: (n: number) => (next() - 1) % n,
    d6: next,
    get draws() {
      return draws;
    },
  };
}

export type Place = string | [string, Strength];

/**
 * A state with exactly the listed units on the map (unit id -> printed hex, full strength for
 * German, half for Soviet unless given), everything else in the eliminated pool.
 */
export function position(
  units: Record<string, Place>,
  opts: { turn?: number; phase?: Phase; options?: Partial<MoscowState["options"]>; extra?: Partial<MoscowState> } = {},
): MoscowState {
  const base = moscow.setup("standard", parsed({}), rngFromSeed("t")) as MoscowState;
  const phase = opts.phase ?? "german_movement";
  const turn = opts.turn ?? 1;
  const state: MoscowState = {
    ...base,
    turn,
    phase,
    options: { ...base.options, ...opts.options },
    units: base.units.map((u) => {
      const p = units[u.id];
      if (p === undefined) return { id: u.id, position: null, strength: "eliminated" };
      const [hex, strength] = typeof p === "string" ? [p, /^[0-9]/.test(u.id) || u.id === "1S" ? "half" : "full"] : p;
      return { id: u.id, position: h(hex), strength: strength as Strength };
    }),
    firstShockArmyAvailable: turn >= 4,
    germanReplacementUsed: phase !== "german_replacement",
    sovietReplacementsRemaining: phase === "soviet_replacement" ? (opts.options?.sovietReplacements ?? 5) : 0,
    ...opts.extra,
  };
  for (const k of Object.keys(units)) if (!state.units.some((u) => u.id === k)) throw new Error(`no unit ${k}`);
  return state;
}

export function ok(state: MoscowState, seat: string, action: unknown, rng: Rng = dice()): Applied<MoscowState, MoscowEvent> {
  const r = moscow.apply(state, seat, action, rng);
  if (isRuleError(r)) throw new Error(`expected success, got ${r.code}: ${r.message}`);
  return r;
}

export function err(state: MoscowState, seat: string, action: unknown, code: string, rng: Rng = dice()): RuleError {
  const before = JSON.stringify(state);
  const r = moscow.apply(state, seat, action, rng);
  if (!isRuleError(r)) throw new Error(`expected ${code}, but the action was accepted: ${JSON.stringify(r.events)}`);
  expect(r.code, r.message).toBe(code);
  expect(JSON.stringify(state)).toBe(before);
  expect(rng.draws).toBe(0);
  return r;
}

export const where = (state: MoscowState, unit: string): string | null => {
  const u = state.units.find((x) => x.id === unit)!;
  return u.position ? printedId(u.position) : null;
};
export const strength = (state: MoscowState, unit: string): Strength => state.units.find((x) => x.id === unit)!.strength;
export const kinds = (events: MoscowEvent[]): string[] => events.map((e) => e.kind);
export const move = (unitId: string, to: string): MoscowAction => ({ type: "move", unitId, to: h(to) });
export const validHexes = (state: MoscowState, seat: string, unit: string): string[] =>
  sortIds(legal(state, seat, { unit }).choices.flatMap((c) => (c.to ? [c.to] : [])));

export const declare = (...battles: [string[], string][]) => ({
  type: "declare_battles",
  battles: battles.map(([attackers, defender]) => ({ attackers, defender })),
});
export const resolve = (battleIndex: number) => ({ type: "resolve_battle", battleIndex });
export const combat = (units: Parameters<typeof position>[0], opts: Parameters<typeof position>[1] = {}) =>
  position(units, { phase: "german_combat", ...opts });

/** Declares one battle and resolves it with the given die. */
export function fight(state: MoscowState, attackers: string[], defender: string, die?: number, seat = "german") {
  const declared = ok(state, seat, declare([attackers, defender])).state;
  const rng = die === undefined ? dice() : dice(die);
  const r = ok(declared, seat, resolve(0), rng);
  return { ...r, rng, battle: r.events.find((e) => e.kind === "battle_resolved")! };
}


/** Option values as parseOptions completes them; a refusal fails the test at once. */
export function parsed(given: unknown): MoscowOptions {
  const options = moscow.parseOptions(given);
  if (isRuleError(options)) throw new Error(options.message);
  return options;
}
