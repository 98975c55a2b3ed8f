/** Test helpers: positions written as inline scenarios, scripted floats, terse apply. */
import { musket, type MusketAction, type MusketEvent, type MusketState } from "../../../worker/engine/musket";
import type { Rng } from "../../../worker/engine/rng";
import { isRuleError, type RuleError } from "../../../worker/engine/ruleset";

/** An Rng answering the given floats in order; it throws when they run out (a draw the test did not expect). */
export function floats(...values: number[]): Rng & { readonly used: number } {
  let used = 0;
  const next = () => {
    const v = values[used];
    if (v === undefined) throw new Error(`unexpected draw ${used + 1}`);
    used++;
    return v;
  };
  return {
    float: next,
    int: () => {
      throw new Error("musket draws floats only (§11)");
    },
    d6: () => {
      throw new Error("musket draws floats only (§11)");
    },
    get draws() {
      return used;
    },
    get used() {
      return used;
    },
  };
}

export interface UnitSpec {
  id: string;
  side?: 0 | 1;
  type?: string;
  hex: [number, number];
  [field: string]: unknown;
}

/** A position on an open board (default 8x8) from a few fields of the scenario format. */
export function position(fields: { units: UnitSpec[]; terrain?: [[number, number], string][]; cols?: number; rows?: number; [field: string]: unknown }): MusketState {
  const { units, terrain = [], cols = 8, rows = 8, ...rest } = fields;
  const scenario = {
    map: { layout: "odd-q-rect", cols, rows, default: "open", terrain: terrain.map(([hex, type]) => ({ hex, type })) },
    units: units.map((u) => ({ side: 0, type: "line_infantry", ...u })),
    leaders: [],
    firstPlayer: 0,
    victory: { "0": [], "1": [] },
    ...rest,
  };
  const state = musket.setup(scenario, {}, floats());
  if (isRuleError(state)) throw new Error(`bad test position: ${state.message}`);
  return state;
}

/** Applies for the side to move and insists it is accepted. */
export function play(state: MusketState, action: MusketAction, rng: Rng = floats()): { state: MusketState; events: MusketEvent[] } {
  const seat = musket.toAct(state)[0] ?? "blue";
  const r = musket.apply(state, seat, action, rng);
  if (isRuleError(r)) throw new Error(`refused ${JSON.stringify(action)}: ${r.code} ${r.message}`);
  return { state: r.state, events: r.events };
}

export function refused(state: MusketState, action: unknown, seat?: string): RuleError {
  const r = musket.apply(state, seat ?? musket.toAct(state)[0] ?? "blue", action, floats());
  if (!isRuleError(r)) throw new Error(`accepted ${JSON.stringify(action)}`);
  return r;
}

/** The position with `id` activated (in command or with a passing draw). */
export function activated(state: MusketState, id: string, ...draws: number[]): MusketState {
  return play(state, { type: "activate", unit: id }, floats(...draws)).state;
}

export const unit = (state: MusketState, id: string) => state.units.find((u) => u.id === id);
export const kinds = (events: readonly MusketEvent[]) => events.map((e) => e.kind);
export const eventOf = <K extends MusketEvent["kind"]>(events: readonly MusketEvent[], kind: K) => events.find((e) => e.kind === kind) as Extract<MusketEvent, { kind: K }>;
