/**
 * Game end and victory, mission "Elimination" (skirmish.md 13): Aggression, Bottled,
 * Elimination, Outnumbered and Resource Points; most VP wins, then most RP, else a draw.
 */
import type { Outcome } from "../ruleset";
import type { Draft } from "./draft";
import { inPlay, ordered } from "./status";
import { otherSide, SEATS, seatOf, sideModels, type SideIndex, type SkirmishSeat, type SkirmishState } from "./state";

export type EndedBy = "no_models_in_play" | "end_dice";

export interface Score {
  vp: Record<SkirmishSeat, number>;
  rp: Record<SkirmishSeat, number>;
  keys: Record<SkirmishSeat, string[]>;
}

export function score(state: SkirmishState): Score {
  const vp = { attacker: 0, defender: 0 };
  const rp = { attacker: 0, defender: 0 };
  const keys: Record<SkirmishSeat, string[]> = { attacker: [], defender: [] };
  const award = (side: SideIndex, key: string, n = 1) => {
    vp[seatOf(side)] += n;
    keys[seatOf(side)].push(n > 1 ? `${key} +${n}` : key);
  };
  if (state.firstCrosser !== null) rp[seatOf(state.firstCrosser)] += 1;
  const lostBP = (side: SideIndex) =>
    sideModels(state, side)
      .filter((m) => (m.status === "ko" || m.status === "eliminated") && !m.bottled)
      .reduce((sum, m) => sum + m.profile.bp, 0);
  for (const side of [0, 1] as const) {
    const foe = otherSide(side);
    const own = sideModels(state, side);
    if (own.filter((m) => m.crossedMidline).length * 2 >= state.sides[side].startCount) award(side, "Aggression");
    if (state.sides[foe].bottled || !sideModels(state, foe).some((m) => inPlay(m) && ordered(m))) award(side, "Bottled");
    // decision: "total more BP" is strictly more; equal losses score nobody
    if (lostBP(foe) > lostBP(side)) award(side, "Elimination");
    const ratio = state.sides[foe].startCount / state.sides[side].startCount;
    if (ratio >= 2) award(side, "Outnumbered", 2);
    else if (ratio >= 1.5) award(side, "Outnumbered");
  }
  for (const side of [0, 1] as const) {
    const mine = rp[seatOf(side)];
    const theirs = rp[seatOf(otherSide(side))];
    if (mine > theirs) award(side, "Resource Points", mine >= 2 * theirs && mine - theirs >= 10 ? 2 : 1);
  }
  return { vp, rp, keys };
}

export function outcomeOf(s: Score): Outcome {
  const [a, d] = SEATS;
  const line = (winner: string, how: string) => `${winner} wins ${how} (VP ${s.vp.attacker}-${s.vp.defender}, RP ${s.rp.attacker}-${s.rp.defender}).`;
  if (s.vp[a] !== s.vp[d]) {
    const w = s.vp[a] > s.vp[d] ? a : d;
    return { result: "win", winners: [w], reason: "victory_points", line: line(w === a ? "The attacker" : "The defender", "on victory points") };
  }
  if (s.rp[a] !== s.rp[d]) {
    const w = s.rp[a] > s.rp[d] ? a : d;
    return { result: "win", winners: [w], reason: "rp_tiebreak", line: line(w === a ? "The attacker" : "The defender", "on resource points, VP being equal") };
  }
  return { result: "draw", winners: [], reason: "victory_points", line: `A draw (VP ${s.vp.attacker}-${s.vp.defender}, RP ${s.rp.attacker}-${s.rp.defender}).` };
}

export function finish(draft: Draft, endedBy: EndedBy): void {
  const state = draft.state;
  if (state.activation) {
    const m = state.models.find((x) => x.id === state.activation!.model);
    if (m && inPlay(m)) m.done = true;
  }
  state.activation = null;
  state.phase = "game_over";
  const s = score(state);
  const outcome = outcomeOf(s);
  state.outcome = outcome;
  draft.events.push({
    kind: "game_over",
    turn: state.turn,
    result: outcome.result,
    winners: outcome.winners as SkirmishSeat[],
    reason: outcome.reason,
    endedBy,
    vp: s.vp,
    rp: s.rp,
    keys: s.keys,
  });
}

export const sideWiped = (state: SkirmishState): boolean => ([0, 1] as const).some((side) => !sideModels(state, side).some(inPlay));
