/**
 * The position a scenario starts from. A start in the middle of the allocations (support,
 * defense) is reached by declaring its Fights through apply() itself from the start of the attack
 * phase, so a declared position obeys 7.1-7.3 exactly as play would, and the phase skip rule (6)
 * says whether the phase asked for exists in it at all.
 */
import { isRuleError, ruleError, type RuleError } from "../ruleset";
import type { Rng } from "../rng";
import { hexLabel, otherSide } from "./board";
import { apply } from "./apply";
import type { Scenario } from "./scenario";
import { initialState } from "./setup";
import type { WarshardAction, WarshardState } from "./state";

interface Step {
  field: string;
  defending: boolean;
  action: WarshardAction;
  /** Taken only in this phase: an end_support when the skip rule (6) left out the support phase is not. */
  onlyIn?: WarshardState["phase"];
}

function declarations(scenario: Scenario): Step[] {
  const { phase, fights } = scenario.start;
  const steps: Step[] = [];
  fights.forEach((f, i) => f.attackers.forEach((unit, j) => steps.push({ field: `start.fights[${i}].attackers[${j}]`, defending: false, action: { type: "attack", unit, target: f.hex } })));
  steps.push({ field: "start.phase", defending: false, action: { type: "end_attacks" } });
  fights.forEach((f, i) => f.attackSupport.forEach((unit, j) => steps.push({ field: `start.fights[${i}].attackSupport[${j}]`, defending: false, action: { type: "support", unit, fight: f.hex } })));
  if (phase === "defense") {
    steps.push({ field: "start.phase", defending: false, action: { type: "end_support" }, onlyIn: "support" });
    fights.forEach((f, i) => f.defenceSupport.forEach((unit, j) => steps.push({ field: `start.fights[${i}].defenceSupport[${j}]`, defending: true, action: { type: "support", unit, fight: f.hex } })));
  }
  return steps;
}

export function startingPosition(scenario: Scenario, rng: Rng): WarshardState | RuleError<"bad_scenario"> {
  const { phase } = scenario.start;
  if (phase === "movement" || phase === "attack") return initialState(scenario);
  let state = initialState({ ...scenario, start: { ...scenario.start, phase: "attack" } });
  for (const step of declarations(scenario)) {
    if (step.onlyIn !== undefined && state.phase !== step.onlyIn) continue;
    const seat = step.defending ? otherSide(state, state.activeSide) : state.activeSide;
    const applied = apply(state, seat, step.action, rng);
    if (isRuleError(applied)) {
      const where = "target" in step.action ? ` at ${hexLabel(step.action.target)}` : "fight" in step.action ? ` at ${hexLabel(step.action.fight)}` : "";
      return ruleError("bad_scenario", `${step.field}: ${applied.message}${where}`, { field: step.field, rule: applied.code });
    }
    state = applied.state;
  }
  if (state.phase !== phase || state.pending !== null) {
    return ruleError("bad_scenario", `start.phase: with these Fights the ${phase} phase is skipped (6): nobody can allocate support in it, so play goes on to ${state.phase}`, {
      field: "start.phase",
      phase: state.phase,
    });
  }
  return state;
}
