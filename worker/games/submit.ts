import { applyBatch } from "../play/batch";
import { seedStreams } from "../play/dice";
import { requestTurns } from "../store/repository";
import { commitChange } from "./commit";
import { advance } from "./advance";
import type { Deps } from "../deps";
import { describeTurns } from "./describe";
import { movedAnswer } from "./answer";
import { logEntry } from "./views";
import { ServiceError } from "./errors";
import { openCached, openGame, requireActive, requireSeat, type Opened } from "./load";

export interface Submission {
  gameId: string;
  token: string | null;
  seq: number;
  actions: unknown[];
  idempotencyKey?: string;
}

/** The answer to a repeated Idempotency-Key: the game as it is now, with the first try's events. */
async function replayed(deps: Deps, opened: Opened, firstSeq: number) {
  const rows = await requestTurns(deps.db, opened.game.id, firstSeq);
  return {
    seq: opened.game.seq,
    events: rows.flatMap((r) => r.events),
    lines: describeTurns(opened.ruleset, rows),
    entries: rows.map((r) => logEntry(opened.ruleset, r)),
    state: opened.ruleset.view(opened.game.state, opened.you!.seat),
    toAct: opened.game.toAct,
    status: opened.game.status,
    outcome: opened.game.outcome ?? null,
    replayed: true as const,
  };
}

/**
 * A submission. Where this isolate holds the game at the submitted seq it reads nothing and
 * writes once; a refusal from that copy (or a commit it could not make) falls back to the game
 * as D1 has it, which answers as if the copy had never been.
 */
export async function submitActions(deps: Deps, sub: Submission) {
  const cached = deps.cache.get(sub.gameId);
  if (cached && cached.game.seq === sub.seq) {
    try {
      const answer = await attempt(deps, sub, await openCached(deps, sub.gameId, cached, sub.token));
      if (answer) return answer;
    } catch (error) {
      // a rule's refusal judges the state at this seq, which no later write changes: it stands;
      // a refusal about the seat (its link, its turn) may come from a stale copy: ask D1
      if (!(error instanceof ServiceError) || error.status === 422) throw error;
    }
    deps.cache.forget(sub.gameId);
  }
  const idempotency = sub.idempotencyKey ? { key: sub.idempotencyKey, seq: sub.seq } : undefined;
  const opened = await openGame(deps, sub.gameId, sub.token, { idempotency, forChange: true });
  const answer = await attempt(deps, sub, opened);
  if (answer) return answer;
  const now = await openGame(deps, sub.gameId, sub.token, { idempotency });
  const first = now.earlier.find((t) => t.seat === now.you!.seat);
  if (first) return replayed(deps, now, first.seq);
  throw new ServiceError(409, "stale_seq", `Another move was stored first (the game is now at seq ${now.game.seq}); reload and try again`, {
    seq: now.game.seq,
  });
}

/** Checks, applies and commits against `opened`; null when the commit was refused. */
async function attempt(deps: Deps, sub: Submission, opened: Opened) {
  const you = requireSeat(opened);
  const earlier = opened.earlier.find((t) => t.seat === you.seat);
  if (earlier) return replayed(deps, opened, earlier.seq);
  requireActive(opened);
  const { game, ruleset } = opened;
  if (sub.seq !== game.seq) {
    throw new ServiceError(409, "stale_seq", `The game has moved on (now at seq ${game.seq}, your batch was made at ${sub.seq}); reload and try again`, {
      seq: game.seq,
    });
  }
  if (!game.toAct.includes(you.seat)) {
    throw new ServiceError(403, "wrong_player", `It is not ${you.seat}'s move; waiting for ${game.toAct.join(", ") || "nobody"}`, {
      toAct: game.toAct,
    });
  }

  const streams = await seedStreams(game.seed);
  const batch = await applyBatch(ruleset, game.state, you.seat, sub.actions, streams, game.seq);
  if (!batch.ok) throw ServiceError.rule(batch.error, batch.index);

  const result = await advance(deps, ruleset, opened, streams, {
    state: batch.state,
    requester: you.seat,
    turn: { seat: you.seat, actions: sub.actions, events: batch.events, draws: batch.draws, idempotencyKey: sub.idempotencyKey ?? null },
    eliminated: batch.eliminated,
  });
  const committed = await commitChange(deps, opened, result.commit);
  if (!committed.ok) return null;
  return movedAnswer(ruleset, result, you.seat);
}
