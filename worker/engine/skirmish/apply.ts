/**
 * `apply` (skirmish.md 6, 7, 17): who may act, the action's shape, the phase, compulsory AP and
 * AP, then the action; after it the game settles (a side wiped out, an activation ended by
 * leaving play, compulsory AP re-evaluated). A rejection changes nothing and draws nothing.
 */
import { hexKey } from "../hex";
import { ruleError, type Applied, type Seat } from "../ruleset";
import type { Rng } from "../rng";
import { parseAction, type SkirmishAction } from "./actions";
import { activate, endActivationAction, push, rallyAction, refreshCompulsory, reload } from "./activation";
import { closeAttack, rangeAttack } from "./attacks";
import { requirement } from "./compulsory";
import { deploy, endDeployment } from "./deployment";
import type { Draft } from "./draft";
import type { SkirmishError } from "./errors";
import type { SkirmishEvent } from "./events";
import { disengage, move } from "./moveActions";
import { disengageOpponent } from "./disengage";
import { settle } from "./turns";
import { seatOf, sideOfSeat, toActSide, type ModelState, type SideIndex, type SkirmishState } from "./state";

export function applyAction(state: SkirmishState, seat: Seat, raw: unknown, rng: Rng): Applied<SkirmishState, SkirmishEvent> | SkirmishError {
  if (state.phase === "game_over") return ruleError("game_ended", "The game is over", { reason: "game_over" });
  const side = sideOfSeat(seat);
  const acting = toActSide(state);
  if (side === null || side !== acting) return ruleError("not_your_turn", `It is the ${acting === null ? "nobody" : seatOf(acting)}'s move, not ${seat}'s`, { seat });
  const action = parseAction(raw);
  if ("ok" in action) return action;
  const result = dispatch(state, side, action, rng);
  if ("ok" in result) return result;
  settle(result);
  refreshCompulsory(result);
  return { ok: true, state: result.state, events: result.events };
}

function dispatch(state: SkirmishState, side: SideIndex, action: SkirmishAction, rng: Rng): Draft | SkirmishError {
  if (state.phase === "deployment") {
    if (action.type === "deploy") return deploy(state, side, action.model, action.hex, rng);
    if (action.type === "end_deployment") return endDeployment(state, side, rng);
    return ruleError("wrong_phase", `${action.type} is not a deployment action; deploy models or end the deployment`, { reason: "deployment" });
  }
  if (action.type === "deploy" || action.type === "end_deployment") return ruleError("wrong_phase", "Deployment is over", { reason: "not_deployment" });
  const activation = state.activation;
  if (action.type === "activate") {
    if (activation) return ruleError("wrong_phase", `${activation.model} is active; end its activation first`, { model: activation.model });
    return activate(state, side, action.model, rng);
  }
  if (!activation) return ruleError("wrong_phase", `Activate a model first (${action.type} needs an active model)`, { reason: "no_active_model" });
  const m = state.models.find((x) => x.id === activation.model)!;
  const pending = compulsoryProblem(state, m, action);
  if (pending) return pending;
  const cost = apCost(state, m, action);
  if (cost > activation.ap) return ruleError("not_enough_ap", `${action.type} costs ${cost} AP and ${m.id} has ${activation.ap}`, { model: m.id, ap: activation.ap, cost });
  switch (action.type) {
    case "push":
      return push(state, m, rng);
    case "move":
      return afterCompulsory(move(state, m, action.path, rng), activation.compulsoryApLeft > 0);
    case "disengage":
      return afterCompulsory(disengage(state, m, action.path, rng), activation.compulsoryApLeft > 0);
    case "close_attack":
      return closeAttack(state, m, action.target, rng);
    case "range_attack":
      return rangeAttack(state, m, action.target, rng);
    case "reload":
      return reload(state, m, rng);
    case "rally":
      return afterCompulsory(rallyAction(state, m, action.target, rng), activation.compulsoryApLeft > 0);
    case "end_activation":
      return endActivationAction(state, rng);
  }
}

/** Disengage costs nothing when no Ordered enemy can oppose it (8.3); push gives AP. */
function apCost(state: SkirmishState, m: ModelState, action: SkirmishAction): number {
  if (action.type === "push" || action.type === "end_activation") return 0;
  if (action.type === "disengage") return disengageOpponent(state, m) === null ? 0 : 1;
  return 1;
}

function afterCompulsory(result: Draft | SkirmishError, owed: boolean): Draft | SkirmishError {
  if ("ok" in result || !owed) return result;
  const activation = result.state.activation;
  if (activation) activation.compulsoryApLeft = Math.max(0, activation.compulsoryApLeft - 1);
  return result;
}

function compulsoryProblem(state: SkirmishState, m: ModelState, action: SkirmishAction): SkirmishError | null {
  const activation = state.activation!;
  if (activation.compulsoryApLeft === 0 || action.type === "push") return null;
  const need = requirement(state, m);
  if (!need) return null;
  const refuse = (why: string) => ruleError("choice_pending", `${m.id} owes a compulsory ${need.required} (${activation.compulsoryApLeft} AP): ${why}`, { model: m.id, required: need.required, reason: "compulsory" });
  if (action.type !== need.required) return refuse(`${action.type} is not accepted now`);
  if (action.type === "rally" && action.target !== m.id) return refuse("it must rally itself");
  if (action.type === "move") {
    const to = action.path[action.path.length - 1]!;
    if (!need.reaches.some((r) => hexKey(r.hex) === hexKey(to))) return refuse("the move must end farther from the nearest enemy");
  }
  return null;
}
