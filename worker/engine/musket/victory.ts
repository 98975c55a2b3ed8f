/** Victory (musket.md 4, 10): conditions, the end-of-turn check, the SP tiebreak, the outcome. */
import type { Hex } from "../hex";
import type { Outcome } from "../ruleset";
import { unitAt } from "./board";
import type { MusketEvent } from "./events";
import { SEAT_OF, type Condition, type MusketState, type SeatName, type Side } from "./state";

const SIDES: readonly Side[] = [0, 1];

function controls(state: MusketState, side: Side, hexes: readonly Hex[], requireAll: boolean): boolean {
  const held = (h: Hex) => unitAt(state, h)?.side === side;
  return requireAll ? hexes.every(held) : hexes.some(held);
}

/** Whether one condition holds at this end-of-turn check (hold streaks already updated). */
function holds(state: MusketState, side: Side, c: Condition): boolean {
  switch (c.kind) {
    case "eliminate_units":
      return state.eliminated.filter((u) => u.side !== side).length >= c.count;
    case "control_hexes":
      return (c.atTurn === null || c.atTurn === state.turn) && controls(state, side, c.hexes, c.requireAll);
    case "hold_hexes":
      return (state.holdStreaks[c.id] ?? 0) >= c.turns;
    case "exit_units":
      return state.exited.filter((u) => u.side === side && u.edge === c.edge).length >= c.count;
  }
}

/** Ungrouped conditions are alternatives; a group is one alternative whose members must all hold. */
function satisfied(met: readonly Condition[], all: readonly Condition[]): boolean {
  if (met.some((c) => c.group === undefined)) return true;
  const groups = new Set(all.flatMap((c) => (c.group === undefined ? [] : [c.group])));
  return [...groups].some((g) => all.filter((c) => c.group === g).every((c) => met.includes(c)));
}

/** The SP tiebreak: SP on the map plus the SP of exited units (decision 8). */
export function survivingSp(state: MusketState, side: Side): number {
  return state.units.filter((u) => u.side === side).reduce((n, u) => n + u.sp, 0) + state.exited.filter((u) => u.side === side).reduce((n, u) => n + u.sp, 0);
}

type Verdict = { result: "win" | "draw"; winners: Side[]; reason: string };

function byTiebreak(state: MusketState, reason: string, drawReason: string): Verdict {
  const [blue, red] = [survivingSp(state, 0), survivingSp(state, 1)];
  if (blue === red) return { result: "draw", winners: [], reason: drawReason };
  return { result: "win", winners: [blue > red ? 0 : 1], reason };
}

const REASON_TEXT: Record<string, string> = {
  condition_met: "met its victory conditions",
  tiebreak: "has more strength left after both sides met their conditions",
  annihilation: "is the only side with units left on the map",
  turn_limit_winner: "wins when the last turn ends",
  turn_limit_tiebreak: "has more strength left when the last turn ends",
};

export function outcomeLine(state: Pick<MusketState, "sides">, verdict: { result: string; winners: readonly SeatName[]; reason: string }): string {
  const winner = verdict.winners[0];
  if (verdict.result === "draw" || winner === undefined) {
    return verdict.reason === "annihilation" ? "Draw: neither side has a unit left on the map." : verdict.reason === "turn_limit_draw" ? "Draw: the last turn ended with equal strength." : "Draw: both sides met their conditions with equal strength.";
  }
  const name = state.sides[winner === "blue" ? "0" : "1"].name;
  return `${name} wins: ${name} ${REASON_TEXT[verdict.reason] ?? verdict.reason}.`;
}

/** 10: the check when the second player ends its player turn; sets the outcome when the game ends. */
export function endOfTurnCheck(state: MusketState): MusketEvent[] {
  for (const side of SIDES) {
    for (const c of state.victory[String(side) as "0" | "1"]) {
      if (c.kind === "hold_hexes") state.holdStreaks[c.id] = controls(state, side, c.hexes, c.requireAll) ? (state.holdStreaks[c.id] ?? 0) + 1 : 0;
    }
  }
  const met = SIDES.map((side) => state.victory[String(side) as "0" | "1"].filter((c) => holds(state, side, c)));
  const ok = SIDES.map((side) => satisfied(met[side]!, state.victory[String(side) as "0" | "1"]));
  const events: MusketEvent[] = [
    { kind: "victory_check", turn: state.turn, satisfied: { blue: met[0]!.map((c) => c.id), red: met[1]!.map((c) => c.id) }, holdStreaks: { ...state.holdStreaks } },
  ];
  const onMap = SIDES.map((side) => state.units.some((u) => u.side === side));
  let verdict: Verdict | null = null;
  if (ok[0] !== ok[1]) verdict = { result: "win", winners: [ok[0] ? 0 : 1], reason: "condition_met" };
  else if (ok[0] && ok[1]) verdict = byTiebreak(state, "tiebreak", "tiebreak");
  else if (!onMap[0] && !onMap[1]) verdict = { result: "draw", winners: [], reason: "annihilation" };
  else if (onMap[0] !== onMap[1]) verdict = { result: "win", winners: [onMap[0] ? 0 : 1], reason: "annihilation" };
  else if (state.turn >= state.turnLimit) {
    verdict = state.turnLimitWinner !== null ? { result: "win", winners: [state.turnLimitWinner], reason: "turn_limit_winner" } : byTiebreak(state, "turn_limit_tiebreak", "turn_limit_draw");
  }
  if (!verdict) return events;
  const winners = verdict.winners.map((s) => SEAT_OF[s]);
  const outcome: Outcome = { result: verdict.result, winners, reason: verdict.reason, line: outcomeLine(state, { ...verdict, winners }) };
  state.outcome = outcome;
  state.step = "game_over";
  state.activeUnit = null;
  events.push({ kind: "game_over", turn: state.turn, result: verdict.result, winners, reason: verdict.reason, sp: { blue: survivingSp(state, 0), red: survivingSp(state, 1) } });
  return events;
}
