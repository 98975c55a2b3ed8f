import type { Ruleset } from "../engine/ruleset";
import { describeAll } from "./describe";
import type { GameRow, SeatRow, TurnRow } from "../store/schema";

/** What anyone may see of a seat: never an email address, never a token. */
export function publicSeat(s: SeatRow) {
  return { seat: s.seat, name: s.name, bot: s.bot === 1, undeliverable: s.undeliverable === 1 };
}

export function gameView(ruleset: Ruleset, game: GameRow, seats: SeatRow[], you: SeatRow | null) {
  const summary = ruleset.summary(game.state);
  return {
    id: game.id,
    ruleset: game.ruleset,
    rulesetTitle: ruleset.title,
    scenario: game.scenario,
    options: game.options,
    status: game.status,
    seq: game.seq,
    turn: summary.turn,
    phase: summary.phase,
    summary: summary.line,
    toAct: game.toAct,
    deadline: game.deadline,
    hoursPerTurn: game.hoursPerTurn,
    seats: seats.map(publicSeat),
    state: game.state,
    outcome: game.outcome ?? null,
    seedCommitment: game.seedCommitment,
    ...(game.status === "finished" ? { seed: game.seed } : {}),
    ...(you ? { you: { seat: you.seat, prefs: you.prefs } } : {}),
  };
}

export function logEntry(ruleset: Ruleset, t: TurnRow) {
  const events = t.events as Parameters<Ruleset["describe"]>[0][];
  return { seq: t.seq, seat: t.seat, bot: t.byBot === 1, actions: t.actions, events, lines: describeAll(ruleset, events), at: t.at };
}
