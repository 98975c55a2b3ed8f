/**
 * The legal answer in the reference's own shape (skirmish.md 16), for pages and API clients
 * that want lists per action kind rather than the contract's flat choices (legal.ts).
 */
import type { Hex } from "../hex";
import type { Outcome, Seat } from "../ruleset";
import type { SkirmishAction } from "./actions";
import { rallyCheck, reloadCheck } from "./activation";
import { toActSide } from "./apply";
import { closeCheck, rangeCheck } from "./attacks";
import { requirement, type CompulsoryKind } from "./compulsory";
import { unplaced, zoneHexes } from "./deployment";
import { disengageOpponent } from "./disengage";
import { contactsOfMove, disengageReach, moveReach } from "./movement";
import type { CoverKind } from "./sight";
import { inPlay } from "./status";
import { seatOf, sideModels, sideOfSeat, type SkirmishState } from "./state";

export type LegalAnswer =
  | { phase: "game_over"; outcome: Outcome | null }
  | { phase: string; turn: number; toAct: Seat[] }
  | { phase: "deployment"; side: Seat; unplaced: string[]; placed: Record<string, Hex>; hexes: Hex[]; endDeployment: boolean }
  | { phase: "turn"; turn: number; initiative: Seat; activatable: string[] }
  | ActivationAnswer;

export interface ActivationAnswer {
  model: string;
  ap: number;
  compulsory: { apLeft: number; required: CompulsoryKind; options: SkirmishAction[] } | null;
  push: boolean;
  moves: { hex: Hex; cost: number; path: Hex[]; engages: string[] }[];
  disengage: { opponent: string | null; paths: { hex: Hex; cost: number; path: Hex[] }[] } | null;
  closeTargets: { model: string; coupDeGrace: boolean }[];
  rangeTargets: { model: string; distance: number; or: number; orm: number; cover: CoverKind[]; obscured: number }[];
  reload: boolean;
  rallyTargets: string[];
  endActivation: boolean;
}

export function legalAnswer(state: SkirmishState, seat: Seat): LegalAnswer {
  if (state.phase === "game_over") return { phase: "game_over", outcome: state.outcome };
  const side = sideOfSeat(seat);
  const acting = toActSide(state)!;
  if (side !== acting) return { phase: state.phase, turn: state.turn, toAct: [seatOf(acting)] };
  if (state.phase === "deployment") {
    const models = sideModels(state, side);
    const placed: Record<string, Hex> = {};
    for (const m of models) if (m.hex) placed[m.id] = m.hex;
    const waiting = unplaced(state, side).map((m) => m.id);
    return { phase: "deployment", side: seatOf(side), unplaced: waiting, placed, hexes: zoneHexes(state, side), endDeployment: waiting.length === 0 };
  }
  const activation = state.activation;
  if (!activation) {
    return { phase: "turn", turn: state.turn, initiative: seatOf(state.initiativeSide), activatable: sideModels(state, side).filter((m) => inPlay(m) && !m.done).map((m) => m.id) };
  }
  const m = state.models.find((x) => x.id === activation.model)!;
  const push = !activation.pushed && m.delay === 0;
  const none: ActivationAnswer = { model: m.id, ap: activation.ap, compulsory: null, push, moves: [], disengage: null, closeTargets: [], rangeTargets: [], reload: false, rallyTargets: [], endActivation: false };
  const need = activation.compulsoryApLeft > 0 ? requirement(state, m) : null;
  if (need) {
    const options: SkirmishAction[] =
      need.required === "rally" ? [{ type: "rally", target: m.id }] : need.reaches.map((r) => ({ type: need.required as "move" | "disengage", path: r.path }));
    return { ...none, compulsory: { apLeft: activation.compulsoryApLeft, required: need.required, options } };
  }
  const paid = activation.ap >= 1;
  const opponent = disengageOpponent(state, m);
  const disengagePaths = paid || opponent === null ? disengageReach(state, m) : [];
  const enemies = state.models.filter((e) => e.side !== m.side);
  return {
    ...none,
    moves: paid ? moveReach(state, m).map((r) => ({ hex: r.hex, cost: r.cost, path: r.path, engages: contactsOfMove(state, m, r.path).engages })) : [],
    disengage: disengagePaths.length > 0 ? { opponent: opponent?.id ?? null, paths: disengagePaths.map((r) => ({ hex: r.hex, cost: r.cost, path: r.path })) } : null,
    closeTargets: paid ? enemies.flatMap((e) => (("ok" in closeCheck(state, m, e.id)) ? [] : [{ model: e.id, coupDeGrace: e.status === "ko" }])) : [],
    rangeTargets: paid
      ? enemies.flatMap((e) => {
          const checked = rangeCheck(state, m, e.id);
          return "ok" in checked ? [] : [{ model: e.id, ...checked.shot }];
        })
      : [],
    reload: paid && reloadCheck(state, m) === null,
    rallyTargets: paid ? state.models.filter((f) => f.side === m.side && rallyCheck(state, m, f, f.id) === null).map((f) => f.id) : [],
    endActivation: true,
  };
}
