import type { AnyRuleset } from "../engine/ruleset";
import type { NewTurn } from "../store/repository";
import type { Advanced } from "./advance";
import { logEntry } from "./views";

/**
 * What a request that moved the game answers: the position as `seat` (null: a spectator) sees
 * it, the fields of the game that a move changes, and the log entries it wrote, each saying who
 * made it (`by`: the player, the computer, a standing order, the service). A page appends the
 * entries to the log it holds instead of fetching the log again.
 */
export function movedAnswer(ruleset: AnyRuleset, result: Advanced, seat: string | null) {
  const turns: NewTurn[] = result.commit.turns;
  const summary = ruleset.summary(result.state);
  // each entry holds its turn's lines: the answer's lines are theirs, not described a second time
  const entries = turns.map((t) => logEntry(ruleset, t));
  return {
    seq: result.seq,
    events: result.events,
    lines: entries.flatMap((e) => e.lines),
    entries,
    state: ruleset.view(result.state, seat),
    toAct: result.toAct,
    status: result.outcome ? ("finished" as const) : ("active" as const),
    outcome: result.outcome,
    turn: summary.turn,
    phase: summary.phase,
    summary: summary.line,
    owed: result.outcome ? null : ruleset.owed(result.state),
    deadline: result.deadline,
    /** The computer has more to play than this request could: POST /continue. */
    botsWaiting: result.botsWaiting,
  };
}
