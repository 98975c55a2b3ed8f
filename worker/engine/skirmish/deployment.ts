/**
 * Deployment (skirmish.md 6.1): side 1 places all its models in its zone, then side 0; a
 * second `deploy` moves a placed model; the attacker's `end_deployment` starts turn 1.
 */
import { hexKey, type Hex } from "../hex";
import { ruleError } from "../ruleset";
import { hexName, inDeploymentZone, terrainAt } from "./board";
import { draftOf, model, type Draft } from "./draft";
import type { SkirmishError } from "./errors";
import { startTurn } from "./turns";
import { seatOf, sideModels, type ModelState, type SideIndex, type SkirmishState } from "./state";
import type { Rng } from "../rng";

export function checkDeploy(state: SkirmishState, m: ModelState, hex: Hex): SkirmishError | null {
  const details = { model: m.id, hex };
  if (terrainAt(state.board, hex) === null) return ruleError("illegal_move", `${hexName(hex)} is off the board`, { ...details, reason: "off_board" });
  if (!inDeploymentZone(state.board, state.deploymentDepth, m.side, hex)) return ruleError("illegal_move", `${hexName(hex)} is not in ${seatOf(m.side)}'s deployment zone`, { ...details, reason: "not_in_zone" });
  if (terrainAt(state.board, hex) === "blocking") return ruleError("illegal_move", `${hexName(hex)} is blocking terrain`, { ...details, reason: "blocking" });
  const other = state.models.find((o) => o.hex !== null && o.id !== m.id && hexKey(o.hex) === hexKey(hex));
  if (other) return ruleError("illegal_move", `${hexName(hex)} is taken by ${other.id}`, { ...details, reason: "occupied" });
  return null;
}

export function deploy(state: SkirmishState, side: SideIndex, id: string, hex: Hex, rng: Rng): Draft | SkirmishError {
  const m = state.models.find((x) => x.id === id);
  if (!m) return ruleError("unknown_unit", `There is no model ${id}`, { model: id });
  if (m.side !== side) return ruleError("not_your_unit", `${id} belongs to the ${seatOf(m.side)}`, { model: id });
  const problem = checkDeploy(state, m, hex);
  if (problem) return problem;
  const draft = draftOf(state, rng);
  const placed = model(draft, id);
  const from = placed.hex;
  placed.hex = [hex[0], hex[1]];
  draft.events.push({ kind: "deployed", model: id, side: seatOf(side), hex: placed.hex, from });
  return draft;
}

export const unplaced = (state: SkirmishState, side: SideIndex): ModelState[] => sideModels(state, side).filter((m) => m.hex === null);

export function endDeployment(state: SkirmishState, side: SideIndex, rng: Rng): Draft | SkirmishError {
  const missing = unplaced(state, side).map((m) => m.id);
  if (missing.length > 0) return ruleError("illegal_move", `Place every model first: ${missing.join(", ")} still wait`, { reason: "unplaced", unplaced: missing });
  const draft = draftOf(state, rng);
  draft.events.push({ kind: "deployment_ended", side: seatOf(side) });
  if (side === 1) {
    draft.state.deploying = 0;
    draft.state.activeSide = 0;
  } else {
    draft.state.deploying = null;
    startTurn(draft);
  }
  return draft;
}
