/**
 * The Move and Disengage actions (skirmish.md 8.1-8.3).
 */
import { type Hex } from "../hex";
import { ruleError } from "../ruleset";
import type { Rng } from "../rng";
import { spendAp } from "./activation";
import { hexName, beyondMidline } from "./board";
import { disengageSpec, disengageOpponent } from "./disengage";
import { rollTest } from "./dice";
import { draftOf, model, type Draft } from "./draft";
import type { SkirmishError } from "./errors";
import { fearTestsAfter } from "./morale";
import { checkPath, contactsOfMove, disengageAllowance, moveAllowance, type PathCheck } from "./movement";
import { engaged } from "./status";
import { addDelay } from "./wounds";
import type { ModelState, SkirmishState } from "./state";
import { weaponOf } from "./data/catalog";


/** The path's check as a refusal that names the hex, or null when the path is fine. */
function refusalOf(m: ModelState, check: PathCheck, allowance: number): SkirmishError | null {
  if (check.problem === null) return null;
  const at = check.at!;
  const words: Record<string, string> = {
    off_board: `${hexName(at)} is off the board`,
    blocking: `${hexName(at)} is blocking terrain`,
    occupied: `${hexName(at)} is occupied`,
    not_adjacent: `${hexName(at)} is not next to the hex before it`,
    too_far: `the path costs more than ${allowance} MU by ${hexName(at)}`,
    past_stop_hex: `the move must stop at ${hexName(at)}, next to an attentive, ordered enemy`,
  };
  return ruleError("illegal_move", `${m.id} cannot go there: ${words[check.problem]}`, { model: m.id, hex: at, reason: check.problem });
}

export function pathError(state: SkirmishState, m: ModelState, path: readonly Hex[], allowance: number, stopRule: boolean): SkirmishError | null {
  return refusalOf(m, checkPath(state, m, path, allowance, stopRule), allowance);
}

/** A move's refusal, or its path checked (the cost is what it spends). */
export function moveCheck(state: SkirmishState, m: ModelState, path: readonly Hex[]): SkirmishError | PathCheck {
  if (engaged(state, m)) return ruleError("illegal_move", `${m.id} is engaged and must disengage first`, { model: m.id, reason: "engaged" });
  const check = checkPath(state, m, path, moveAllowance(m), true);
  return refusalOf(m, check, moveAllowance(m)) ?? check;
}

function arrive(draft: Draft, id: string, path: readonly Hex[]): void {
  const m = model(draft, id);
  const last = path[path.length - 1]!;
  m.hex = [last[0], last[1]];
  if (beyondMidline(draft.state.board, m.side, m.hex)) {
    m.crossedMidline = true;
    draft.state.firstCrosser ??= m.side;
  }
}

export function move(state: SkirmishState, m: ModelState, path: Hex[], rng: Rng): Draft | SkirmishError {
  const checked = moveCheck(state, m, path);
  if ("ok" in checked) return checked;
  const { cost } = checked;
  const { engages, charging } = contactsOfMove(state, m, path);
  const draft = draftOf(state, rng);
  spendAp(draft, 1, "move", charging);
  const act = draft.state.activation!;
  for (const id of engages) if (!act.contactMovedInto.includes(id)) act.contactMovedInto.push(id);
  arrive(draft, m.id, path);
  draft.events.push({ kind: "moved", model: m.id, path, from: m.hex!, to: path[path.length - 1]!, cost, charging: charging[0] ?? null, engages });
  return draft;
}

export function disengageCheck(state: SkirmishState, m: ModelState, path: readonly Hex[]): SkirmishError | null {
  if (!engaged(state, m)) return ruleError("illegal_move", `${m.id} is not engaged`, { model: m.id, reason: "not_engaged" });
  return pathError(state, m, path, disengageAllowance(m), false);
}

export function disengage(state: SkirmishState, m: ModelState, path: Hex[], rng: Rng): Draft | SkirmishError {
  const problem = disengageCheck(state, m, path);
  if (problem) return problem;
  const opponent = disengageOpponent(state, m);
  const draft = draftOf(state, rng);
  const act = draft.state.activation!;
  spendAp(draft, opponent === null ? 0 : 1, "disengage");
  const test = opponent === null ? null : rollTest(disengageSpec(state, m, opponent), rng);
  const passed = test === null || test.pass;
  if (passed) arrive(draft, m.id, path);
  draft.events.push({ kind: "disengaged", model: m.id, opponent: opponent?.id ?? null, automatic: opponent === null, test, passed, path, to: passed ? path[path.length - 1]! : m.hex! });
  act.disengagesMade += 1;
  if (act.disengagesMade > 1 && weaponOf(m.profile.melee)!.class !== "Natural") addDelay(draft, m.id, 1, "repeated_disengage");
  fearTestsAfter(draft, [m.id]);
  return draft;
}
