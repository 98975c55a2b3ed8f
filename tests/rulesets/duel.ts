/**
 * "duel": a tiny ruleset for tests that owes a mid-turn choice, as WarShard's defender
 * support will. Two seats take four turns each: the mover raids, the other seat owes the
 * choice "support the defence?", then the mover presses home with a die. Standing orders
 * may answer the choice ("always" or "never").
 */
import {
  isRuleError,
  resolveOptions,
  ruleError,
  type CommonErrorCode,
  type Legal,
  type Outcome,
  type RuleError,
  type Ruleset,
} from "../../worker/engine/ruleset";

type Side = "a" | "b";
const SEATS: readonly Side[] = ["a", "b"];
const TURNS = 8;

export interface DuelState {
  turn: number;
  mover: Side;
  step: "raid" | "support" | "press";
  supported: boolean | null;
  score: Record<Side, number>;
  outcome: Outcome | null;
}

export type DuelAction = { type: "raid" } | { type: "support"; commit: boolean } | { type: "press" };

export type DuelEvent =
  | { kind: "raided"; by: Side; turn: number }
  | { kind: "supported"; by: Side; commit: boolean }
  | { kind: "pressed"; by: Side; roll: number; defence: number; scored: boolean }
  | { kind: "ended"; line: string };

type DuelErrorCode = "wrong_step";
type DuelError = RuleError<DuelErrorCode | CommonErrorCode>;

const other = (s: Side): Side => (s === "a" ? "b" : "a");

function actorOf(state: DuelState): Side | null {
  if (state.outcome) return null;
  return state.step === "support" ? other(state.mover) : state.mover;
}

function parse(raw: unknown): DuelAction | DuelError {
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return ruleError("bad_action", "An action is an object with a type (raid, support or press)");
  if (type === "raid" || type === "press") return { type };
  if (type === "support") {
    const commit = (raw as { commit?: unknown }).commit;
    if (typeof commit !== "boolean") return ruleError("bad_action", "support needs commit: true or false", { field: "commit" });
    return { type, commit };
  }
  return ruleError("bad_action", `Unknown action type ${JSON.stringify(type) ?? "(missing)"}: use raid, support or press`, { field: "type" });
}

const STEP_OF: Record<DuelAction["type"], DuelState["step"]> = { raid: "raid", support: "support", press: "press" };

function finish(score: Record<Side, number>): Outcome {
  if (score.a === score.b) return { result: "draw", winners: ["a", "b"], reason: "score", line: `A draw at ${score.a} all.` };
  const w: Side = score.a > score.b ? "a" : "b";
  return { result: "win", winners: [w], reason: "score", line: `${w} wins ${Math.max(score.a, score.b)} to ${Math.min(score.a, score.b)}.` };
}

export const duel: Ruleset<DuelState, DuelAction, DuelEvent, Record<string, never>, DuelErrorCode> = {
  id: "duel",
  title: "Duel (test)",
  scenarios: [{ id: "plain", title: "Plain", line: "Eight raids." }],
  options: [],
  errorCodes: ["wrong_step"],
  parseOptions(given) {
    const r = resolveOptions([], given);
    return isRuleError(r) ? r : {};
  },
  seats: (scenario) => (scenario === "plain" || typeof scenario === "object" ? [...SEATS] : ruleError("bad_scenario", `duel has no scenario "${scenario}"`)),
  setup: (scenario) =>
    scenario === "plain" || typeof scenario === "object"
      ? { turn: 1, mover: "a", step: "raid", supported: null, score: { a: 0, b: 0 }, outcome: null }
      : ruleError("bad_scenario", `duel has no scenario "${scenario}"`),
  toAct: (state) => {
    const actor = actorOf(state);
    return actor ? [actor] : [];
  },
  apply(state, seat, raw, rng) {
    if (state.outcome) return ruleError("game_ended", "The duel is over");
    if (seat !== actorOf(state)) return ruleError("not_your_turn", `It is not ${seat}'s move`, { seat });
    const action = parse(raw);
    if (isRuleError(action)) return action;
    if (STEP_OF[action.type] !== state.step) return ruleError("wrong_step", `${action.type} is not possible now: the duel waits for ${state.step}`);
    switch (action.type) {
      case "raid":
        return { ok: true, state: { ...state, step: "support" }, events: [{ kind: "raided", by: state.mover, turn: state.turn }] };
      case "support":
        return { ok: true, state: { ...state, step: "press", supported: action.commit }, events: [{ kind: "supported", by: seat as Side, commit: action.commit }] };
      case "press": {
        const roll = rng.d6();
        const defence = state.supported ? 5 : 3;
        const scored = roll > defence;
        const score = scored ? { ...state.score, [state.mover]: state.score[state.mover] + 1 } : state.score;
        const events: DuelEvent[] = [{ kind: "pressed", by: state.mover, roll, defence, scored }];
        if (state.turn >= TURNS) {
          const outcome = finish(score);
          events.push({ kind: "ended", line: outcome.line });
          return { ok: true, state: { ...state, score, supported: null, outcome }, events };
        }
        return { ok: true, state: { turn: state.turn + 1, mover: other(state.mover), step: "raid", supported: null, score, outcome: null }, events };
      }
    }
  },
  legal(state, seat): Legal<DuelAction> {
    if (seat !== actorOf(state)) return { choices: [] };
    if (state.step === "raid") return { choices: [{ action: { type: "raid" }, label: "raid" }] };
    if (state.step === "press") return { choices: [{ action: { type: "press" }, label: "press home (roll)" }] };
    return {
      choices: [
        { action: { type: "support", commit: true }, label: "support the defence" },
        { action: { type: "support", commit: false }, label: "hold back" },
      ],
    };
  },
  view: (state) => state,
  summary: (state) => ({ turn: state.turn, phase: state.outcome ? "over" : state.step, line: `Raid ${state.turn} of ${TURNS}: ${state.score.a}-${state.score.b}` }),
  outcome: (state) => state.outcome,
  describe(e) {
    switch (e.kind) {
      case "raided":
        return `${e.by} raids (raid ${e.turn}).`;
      case "supported":
        return e.commit ? `${e.by} supports the defence.` : `${e.by} holds back.`;
      case "pressed":
        return `${e.by} presses home: ${e.roll} against ${e.defence}, ${e.scored ? "a point" : "held"}.`;
      case "ended":
        return `The duel ends: ${e.line}`;
    }
  },
  bot: (state, seat) => (state.step === "support" ? { type: "support", commit: seat === "b" } : { type: state.step === "raid" ? "raid" : "press" }),
  choiceKinds: [
    {
      kind: "support",
      title: "Support the defence",
      policies: [
        { id: "always", title: "Always support", line: "Commit the reserve to every defence." },
        { id: "never", title: "Never support", line: "Keep the reserve back." },
      ],
    },
  ],
  owed: (state) => (state.step === "support" && !state.outcome ? { seat: other(state.mover), kind: "support", line: "support the defence against this raid?" } : null),
  standingOrder: (state, seat, policy) =>
    state.step === "support" && seat === other(state.mover) && (policy === "always" || policy === "never") ? { type: "support", commit: policy === "always" } : null,
};
