/**
 * What the engine lets the viewer do in the position on screen, read from `legal()` once per
 * position: its answer's shape depends on the phase, so each phase kind gets a typed view.
 */
import { useMemo } from "preact/hooks";
import { legal, type MoscowState, type Side } from "./moscow-engine";
import { cell, type Axial } from "./moscow-cells";

interface MovementLegal {
  units?: { unit_id: string; valid_hexes: Axial[] }[];
}
interface CombatLegal {
  possible_attacks?: { defender: string; defender_position: Axial; possible_attackers: string[] }[];
}
export interface ReplacementLegal {
  remaining?: number;
  restorable_units?: string[];
  placeable_units?: string[];
  valid_placement_hexes?: Axial[];
}
export interface SetupLegal {
  units?: string[];
  setup_hexes?: Axial[];
}

export function useLegalNow(local: MoscowState, me: Side | null, myTurn: boolean) {
  const phase = local.phase;
  const pending = local.pending;
  const phaseLegal = useMemo(() => (myTurn ? (legal(local, me!) as Record<string, unknown>) : {}), [local, myTurn]);
  const moveLegal = phaseLegal as MovementLegal;
  const isSetup = myTurn && phase.endsWith("_setup");
  const isMove = myTurn && !pending && phase.endsWith("_movement");
  const isDeclare = myTurn && !pending && phase.endsWith("_combat") && !local.battles_declared;
  const isResolve = myTurn && !pending && phase.endsWith("_combat") && local.battles_declared;
  const isRepl = myTurn && !pending && phase.endsWith("_replacement");
  /** Unit id -> the cells it can move to. */
  const movable = useMemo(
    () => new Map(isMove ? (moveLegal.units ?? []).map((u) => [u.unit_id, u.valid_hexes.map(cell)] as const) : []),
    [phaseLegal, isMove],
  );
  const attacks = isDeclare ? ((phaseLegal as CombatLegal).possible_attacks ?? []) : undefined;
  const repl: ReplacementLegal = isRepl ? (phaseLegal as ReplacementLegal) : {};
  const setup: SetupLegal = isSetup ? (phaseLegal as SetupLegal) : {};
  return { isSetup, isMove, isDeclare, isResolve, isRepl, movable, attacks, repl, setup };
}
