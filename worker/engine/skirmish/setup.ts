/**
 * Options, seats and game creation (skirmish.md 1.1, 6.1): the scenario's two assemblies, its
 * board, deployment or a fixed position; a fixed position at the start of a turn rolls that
 * turn's initiative at setup (14).
 */
import { isRuleError, resolveOptions, ruleError, type CommonErrorCode, type OptionSpec, type RuleError, type ScenarioRef, type Seat } from "../ruleset";
import type { Rng } from "../rng";
import { CATALOG } from "./data/catalog";
import { profileOf } from "./data/profile";
import { sideBP } from "./data/assembly";
import { draftOf } from "./draft";
import { resolveScenario, type SkirmishScenario } from "./scenario";
import { startTurn } from "./turns";
import { SEATS, type ModelState, type SideIndex, type SkirmishOptions, type SkirmishState } from "./state";

export const OPTIONS: readonly OptionSpec[] = [
  {
    name: "lighting",
    title: "Lighting",
    line: "Visibility: day 16 hexes, twilight 8, night 4; \"scenario\" takes the scenario's own.",
    choices: ["scenario", "day", "twilight", "night"],
    default: "scenario",
  },
  {
    name: "koIsElimination",
    title: "KO is elimination",
    line: "\"yes\": a knocked-out model is eliminated at once.",
    choices: ["no", "yes"],
    default: "no",
  },
  {
    name: "activationsInARow",
    title: "Activations in a row",
    line: "A side activates up to this many models one after another before the other side's; 1 is the rules as written, \"all\" a side's whole turn at once. Fewer mails between two players.",
    choices: [1, 2, 3, "all"],
    // decision: the API's default is the rules as written; the create form offers 2 when every seat is a person
    default: 1,
    defaultBetweenHumans: 2,
  },
];

export function parseOptions(given: unknown): SkirmishOptions | RuleError<CommonErrorCode> {
  const resolved = resolveOptions(OPTIONS, given);
  if (isRuleError(resolved)) return resolved;
  return resolved as unknown as SkirmishOptions;
}

export function seatsFor(scenario: ScenarioRef): Seat[] | RuleError<"bad_scenario"> {
  const resolved = resolveScenario(scenario);
  return isRuleError(resolved) ? resolved : [...SEATS];
}

function initialState(scenario: SkirmishScenario, options: SkirmishOptions): SkirmishState {
  const lighting = options.lighting === "scenario" ? scenario.lighting : options.lighting;
  const position = scenario.position;
  const models: ModelState[] = scenario.sides.flatMap((side, s) =>
    side.models.map((c) => {
      const at = position?.models[c.id];
      const fresh = { hex: null, wounds: 0, delay: 0, fear: 0, status: "in_play" as const, bottled: false, done: false, ammo: 0, fearTestedThisTurn: false, ralliedThisTurn: false, crossedMidline: false };
      return { id: c.id, side: s as SideIndex, name: c.name, profile: profileOf(c), ...(at ?? fresh) };
    }),
  );
  const record = (s: 0 | 1) => ({ name: scenario.sides[s]!.name, startCount: scenario.sides[s]!.models.length, startBP: sideBP(scenario.sides[s]!), bottled: false });
  return {
    scenario: { id: scenario.id, title: scenario.title },
    gameSize: scenario.gameSize,
    lighting,
    visibility: CATALOG.visibility[lighting],
    koIsElimination: options.koIsElimination === "yes",
    endGameFromTurn: CATALOG.gameSizes[scenario.gameSize].endGameFromTurn,
    deploymentDepth: scenario.deploymentDepth,
    board: scenario.board,
    sides: [record(0), record(1)],
    models,
    phase: position?.phase ?? "deployment",
    deploying: position ? (position.phase === "deployment" ? position.deploying : null) : 1,
    turn: position?.turn ?? 1,
    initiativeSide: position?.initiativeSide ?? 0,
    activeSide: position?.activeSide ?? 1,
    activationsInARow: options.activationsInARow,
    // a position with a model acting has begun its side's row with it
    activationsThisRow: position?.activation ? 1 : 0,
    activation: position?.activation ?? null,
    endDice: position?.endDice ?? 0,
    firstCrosser: position?.firstCrosser ?? null,
    outcome: null,
  };
}

export function setupGame(scenarioRef: ScenarioRef, options: SkirmishOptions, rng: Rng): SkirmishState | RuleError<"bad_scenario"> {
  const scenario = resolveScenario(scenarioRef);
  if (isRuleError(scenario)) return scenario;
  const state = initialState(scenario, options);
  if (!scenario.position || scenario.position.phase === "deployment") return state;
  if (![0, 1].every((s) => state.models.some((m) => m.side === s && m.status === "in_play"))) {
    return ruleError("bad_scenario", "position: each side needs a model in play", { field: "position.models" });
  }
  if (scenario.position.activation && scenario.position.activeSide === null) {
    return ruleError("bad_scenario", "position.activation: a model can only be acting once the turn's initiative is decided (activeSide 0 or 1)", { field: "position.activation" });
  }
  if (scenario.position.activeSide !== null) {
    if (!state.models.some((m) => m.side === state.activeSide && m.status === "in_play" && !m.done)) {
      return ruleError("bad_scenario", "position.activeSide: that side has no Ready model in play; set activeSide null for the start of a turn", { field: "position.activeSide" });
    }
    return state;
  }
  const draft = draftOf(state, rng);
  startTurn(draft);
  return draft.state;
}
