/**
 * What the engine lets the viewer do in the position on screen, read from `legal()` once per
 * position: its answer's shape depends on the phase, so each phase kind gets a typed view.
 */
import { useMemo } from "preact/hooks";
import { legal, type MoscowState, type Side } from "./engine";
import { cell, type Axial } from "./cells";

interface MovementLegal {
  units?: { unitId: string; validHexes: Axial[] }[];
}
interface CombatLegal {
  possibleAttacks?: { defender: string; defenderPosition: Axial; possibleAttackers: string[] }[];
}
export interface ReplacementLegal {
  remaining?: number;
  restorableUnits?: string[];
  placeableUnits?: string[];
  validPlacementHexes?: Axial[];
}
export interface SetupLegal {
  units?: string[];
  setupHexes?: Axial[];
}

export function useLegalNow(local: MoscowState, me: Side | null, myTurn: boolean) {
  const phase = local.phase;
  const pending = local.pending;
  const phaseLegal = useMemo(() => (myTurn ? (legal(local, me!) as Record<string, unknown>) : {}), [local, myTurn]);
  const moveLegal = phaseLegal as MovementLegal;
  const isSetup = myTurn && phase.endsWith("_setup");
  const isMove = myTurn && !pending && phase.endsWith("_movement");
  const isDeclare = myTurn && !pending && phase.endsWith("_combat") && !local.battlesDeclared;
  const isResolve = myTurn && !pending && phase.endsWith("_combat") && local.battlesDeclared;
  const isRepl = myTurn && !pending && phase.endsWith("_replacement");
  /** Unit id -> the cells it can move to. */
  const movable = useMemo(
    () => new Map(isMove ? (moveLegal.units ?? []).map((u) => [u.unitId, u.validHexes.map(cell)] as const) : []),
    [phaseLegal, isMove],
  );
  const attacks = isDeclare ? ((phaseLegal as CombatLegal).possibleAttacks ?? []) : undefined;
  const repl: ReplacementLegal = isRepl ? (phaseLegal as ReplacementLegal) : {};
  const setup: SetupLegal = isSetup ? (phaseLegal as SetupLegal) : {};
  return { isSetup, isMove, isDeclare, isResolve, isRepl, movable, attacks, repl, setup };
}
