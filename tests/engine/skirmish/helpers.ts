import { isRuleError } from "../../../worker/engine/ruleset";
import { rngFromSeed, type Rng } from "../../../worker/engine/rng";
import { skirmish, type SkirmishEvent, type SkirmishState } from "../../../worker/engine/skirmish";
import type { Hex } from "../../../worker/engine/hex";
import { ScriptedDice } from "./dice-helpers";

export const REGULAR_SWORD = { archetype: "Average", melee: "Sword, Broad", suit: "Armor, Light" };
export const REGULAR_SPEAR = { archetype: "Average", melee: "Spear, Medium", suit: "Armor, Light" };
export const REGULAR_AXE = { archetype: "Average", melee: "Axe", suit: "Armor, Light" };
export const PATROL_ARCHER = { archetype: "Average", melee: "Daggers", ranged: "Bow, Medium", suit: "Armor, Light", helm: "Helmet" };
export const GUARD_ARCHER = { archetype: "Average", melee: "Daggers", ranged: "Crossbow, Medium", suit: "Armor, Light", helm: "Helmet" };

export interface Placed {
  hex: Hex | null;
  loadout?: Record<string, string>;
  wounds?: number;
  delay?: number;
  fear?: number;
  status?: "in_play" | "ko" | "eliminated";
  done?: boolean;
  ammo?: number;
  fearTestedThisTurn?: boolean;
  ralliedThisTurn?: boolean;
}

export interface PositionSpec {
  /** a1..a4 (side 0) and b1..b4 (side 1); unlisted models stand far apart on the back rows. */
  models: Record<string, Placed>;
  terrain?: Record<string, Hex[]>;
  turn?: number;
  activeSide?: 0 | 1 | null;
  initiativeSide?: 0 | 1;
  endDice?: number;
  activation?: Record<string, unknown>;
  cols?: number;
  rows?: number;
}

const BACK: Record<string, Hex> = { a1: [0, 23], a2: [2, 22], a3: [4, 21], a4: [6, 20], b1: [23, -11], b2: [21, -10], b3: [19, -9], b4: [17, -8] };

/** An inline scenario in the shipped format, with a fixed position. */
export function scenarioOf(spec: PositionSpec): Record<string, unknown> {
  const ids = ["a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4"];
  const loadout = (id: string) => spec.models[id]?.loadout ?? REGULAR_SWORD;
  const side = (prefix: string) => ({ name: `Side ${prefix}`, models: ids.filter((i) => i.startsWith(prefix)).map((id) => ({ id, name: `Model ${id}`, ...loadout(id) })) });
  const models: Record<string, unknown> = {};
  for (const id of ids) {
    const { loadout: _, ...placed } = spec.models[id] ?? { hex: BACK[id]! };
    models[id] = placed;
  }
  return {
    id: "test",
    title: "Test position",
    gameSize: "small",
    lighting: "day",
    board: { cols: spec.cols ?? 24, rows: spec.rows ?? 24, terrain: spec.terrain ?? {} },
    sides: [side("a"), side("b")],
    position: { turn: spec.turn ?? 1, initiativeSide: spec.initiativeSide ?? 0, activeSide: spec.activeSide === undefined ? 0 : spec.activeSide, endDice: spec.endDice ?? 0, firstCrosser: null, models, ...(spec.activation ? { activation: spec.activation } : {}) },
  };
}

export function positionState(spec: PositionSpec, options: Record<string, unknown> = {}, rng: Rng = rngFromSeed("setup")): SkirmishState {
  const parsed = skirmish.parseOptions(options);
  if (isRuleError(parsed)) throw new Error(parsed.message);
  const state = skirmish.setup(scenarioOf(spec), parsed, rng);
  if (isRuleError(state)) throw new Error(`${state.message} ${JSON.stringify(state.details)}`);
  return state;
}

export interface Step {
  state: SkirmishState;
  events: SkirmishEvent[];
  dice: ScriptedDice;
}

/** Applies with scripted dice and insists every die was used. */
export function play(state: SkirmishState, seat: string, action: unknown, faces: number[] = []): Step {
  const dice = new ScriptedDice(faces);
  const result = skirmish.apply(state, seat, action, dice);
  if (isRuleError(result)) throw new Error(`${JSON.stringify(action)} refused: ${result.code} ${result.message}`);
  if (!dice.spent) throw new Error(`${JSON.stringify(action)} used ${dice.draws} of ${faces.length} scripted dice`);
  return { state: result.state, events: result.events, dice };
}

export function refused(state: SkirmishState, seat: string, action: unknown) {
  const dice = new ScriptedDice([]);
  const result = skirmish.apply(state, seat, action, dice);
  if (!isRuleError(result)) throw new Error(`${JSON.stringify(action)} was accepted`);
  if (dice.draws !== 0) throw new Error("a refused action drew dice");
  return result;
}

export const eventsOf = <K extends SkirmishEvent["kind"]>(events: SkirmishEvent[], kind: K) => events.filter((e): e is Extract<SkirmishEvent, { kind: K }> => e.kind === kind);
