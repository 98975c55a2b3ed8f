/**
 * What the engine lets the viewer do in the position on screen: contract v2's legal() choices
 * (moves, battles, replacements with the hexes they light), read once per position, with the
 * phase's details the panels need besides (setup hexes, replacements left).
 */
import { useMemo } from "preact/hooks";
import type { LegalChoice } from "../../../worker/engine/ruleset";
import { SETUP_HEXES, hexOf, legal, replacementChoices, setupUnits, type MoscowAction, type MoscowState, type Side } from "./engine";
import type { Axial } from "./cells";

export interface ReplacementLegal {
  remaining?: number;
  restorableUnits?: string[];
  placeableUnits?: string[];
}
export interface SetupLegal {
  units?: string[];
  setupHexes?: Axial[];
}
export type Choice = LegalChoice<MoscowAction>;

/** The setup's units and hexes, or the replacements left and whom they may bring back. */
function phaseDetails(local: MoscowState, me: Side): ReplacementLegal & SetupLegal {
  if (local.outcome || local.pending) return {};
  if (local.phase === "soviet_setup" || local.phase === "german_setup") return { units: setupUnits(me), setupHexes: SETUP_HEXES[me].map((i): Axial => [...hexOf(i)]) };
  if (local.phase.endsWith("_replacement")) return replacementChoices(local, me);
  return {};
}

/** `rulesReady`: the engine has come (until then there are no choices to offer). */
export function useLegalNow(local: MoscowState, me: Side | null, myTurn: boolean, rulesReady: boolean) {
  const phase = local.phase;
  const pending = local.pending;
  const { choices, info } = useMemo(
    () => (myTurn ? { choices: legal(local, me!).choices, info: phaseDetails(local, me!) } : { choices: [] as Choice[], info: {} }),
    [local, myTurn, rulesReady],
  );
  const isSetup = myTurn && phase.endsWith("_setup");
  const isMove = myTurn && !pending && phase.endsWith("_movement");
  const isDeclare = myTurn && !pending && phase.endsWith("_combat") && !local.battlesDeclared;
  const isResolve = myTurn && !pending && phase.endsWith("_combat") && local.battlesDeclared;
  const isRepl = myTurn && !pending && phase.endsWith("_replacement");
  /** The units that can move. */
  const movable = useMemo(() => new Set(choices.flatMap((c) => (c.action.type === "move" ? [c.action.unitId] : []))), [choices]);
  const attacks = isDeclare ? choices.flatMap((c) => (c.action.type === "declare_battles" && c.to ? c.action.battles.map((b) => ({ defender: b.defender, possibleAttackers: b.attackers })) : [])) : undefined;
  return { isSetup, isMove, isDeclare, isResolve, isRepl, choices, movable, attacks, repl: isRepl ? info : {}, setup: isSetup ? info : {} };
}
