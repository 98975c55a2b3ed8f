import type { GameEvent, Outcome, Ruleset, Seat } from "../engine/ruleset";
import { handoverMails } from "../mail/handover";
import { playBots } from "../play/bots";
import type { Streams } from "../play/dice";
import type { Commit, NewTurn } from "../store/repository";
import type { GameRow, SeatRow } from "../store/schema";
import type { Deps } from "./deps";
import { describeAll } from "./describe";

/** Bot turns one request may play; a game with no human left continues in the cron. */
export const BOT_TURNS_PER_REQUEST = 16;

export interface Change {
  /** The state after the change that started this (a human's batch, a resignation...). */
  state: unknown;
  turn: Omit<NewTurn, "gameId" | "seq" | "at">;
  requester: Seat | null;
  /** Set when the service, not the rules, ended the game (resignation, timeout). */
  outcome?: Outcome;
  seatChanges?: Commit["seatChanges"];
}

export interface Advanced {
  commit: Commit;
  events: GameEvent[];
  state: unknown;
  seq: number;
  toAct: Seat[];
  outcome: Outcome | null;
}

/**
 * Only the columns whose value changes: D1 counts a row written for every index entry an
 * UPDATE touches, and setting an indexed column, even to its old value, touches its indexes.
 */
function changedFields(game: GameRow, fields: Commit["game"]): Commit["game"] {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const old = game[key as keyof GameRow];
    const same = typeof value === "object" && value !== null ? false : old === value;
    if (!same || key === "seq") changed[key] = value;
  }
  return changed as Commit["game"];
}

const sameSeats = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s) => b.includes(s));

export interface Loaded {
  game: GameRow;
  seats: SeatRow[];
  /** Events of the current sitting's earlier turns, from loadGame. */
  sitting: unknown[][];
}

/**
 * Turns one change into everything the commit must write: its turn row, the bot turns that
 * follow at once, the game row's new fields and the mail owed.
 */
export async function advance(deps: Deps, ruleset: Ruleset, { game, seats, sitting }: Loaded, streams: Streams, change: Change): Promise<Advanced> {
  const now = deps.now();
  const botSeats = new Set(seats.filter((s) => s.bot === 1).map((s) => s.seat));
  for (const c of change.seatChanges ?? []) if (c.change.bot === 1) botSeats.add(c.seat);

  const turns: NewTurn[] = [{ ...change.turn, gameId: game.id, seq: game.seq + 1, at: now }];
  const events: GameEvent[] = [...(change.turn.events as GameEvent[])];
  let state = change.state;
  let seq = game.seq + 1;
  let botTurns = 0;

  if (!change.outcome) {
    const bots = await playBots(ruleset, state, (seat) => botSeats.has(seat), streams, seq, BOT_TURNS_PER_REQUEST);
    for (const t of bots.turns) {
      turns.push({ gameId: game.id, seq: t.seq + 1, seat: t.seat, byBot: 1, actions: t.actions, events: t.events, at: now });
      events.push(...t.events);
    }
    state = bots.state;
    seq = bots.seq;
    botTurns = bots.turns.length;
  }

  const outcome = change.outcome ?? ruleset.outcome(state);
  const toAct = outcome ? [] : ruleset.toAct(state);
  // Bot turns in between make it a new turn even for the same seat (a human alone against bots).
  const handedOver = !sameSeats(toAct, game.toAct) || botTurns > 0;
  const deadline = outcome || game.hoursPerTurn === null ? null : handedOver ? now + game.hoursPerTurn * 3_600_000 : game.deadline;
  const seatsAfter = seats.map((s) => ({ ...s, bot: botSeats.has(s.seat) ? 1 : s.bot }));

  const commit: Commit = {
    gameId: game.id,
    expectedSeq: game.seq,
    turns,
    game: changedFields(game, {
      state,
      seq,
      toAct,
      status: outcome ? "finished" : "active",
      outcome,
      deadline,
      ...(handedOver ? { reminded: 0, deadlineNoticed: 0, sittingFrom: seq } : {}),
      botsWaiting: toAct.some((s) => botSeats.has(s)) ? 1 : 0,
      updatedAt: now,
    }),
    seatChanges: change.seatChanges,
    outbox: handoverMails({
      gameId: game.id,
      rulesetTitle: ruleset.title,
      seats: seatsAfter,
      toActBefore: game.toAct,
      toActAfter: toAct,
      requester: change.requester,
      lines: describeAll(ruleset, [...(sitting.flat() as GameEvent[]), ...events]),
      outcome,
      deadline,
      now,
      newId: deps.newId,
      seed: game.seed,
      eliminated: events.filter((e) => e.kind === "eliminated" && typeof e.seat === "string").map((e) => e.seat as string),
      scenarioTitle: ruleset.scenarios.find((s) => s.id === game.scenario)?.title,
      hoursPerTurn: game.hoursPerTurn,
    }),
  };
  return { commit, events, state, seq, toAct, outcome };
}
