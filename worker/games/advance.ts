import type { AnyRuleset, GameEvent, Outcome, Seat } from "../engine/ruleset";
import { handoverMails } from "../mail/handover";
import { turnMenu } from "../mail/menu";
import { autoplay, standInWaiting, type StandIns } from "../play/autoplay";
import type { Streams } from "../play/dice";
import type { Commit, NewTurn, SittingTurn } from "../store/repository";
import type { GameRow, SeatRow } from "../store/types";
import type { Deps } from "../deps";
import { describeTurns } from "./describe";
import { nextTimerAt, timerKeyChange } from "../store/timer-at";
import { seatTitleIn } from "../mail/names";
import { actionsPerRequestAt, botAt, searchesAt, type BotLevel } from "../engine/strong";

/**
 * Actions the computer (and standing orders) may play in one request. Measured cold (a fresh
 * process, before V8 optimises the engine; `npm run bench -- cold`): 12 Battle for Moscow bot
 * actions cost about 5-7 ms of CPU, 24 about 10 ms; DiceWars' and the musket game's cost less
 * than half that. 12 keeps the computer's share of a request under half the free plan's 10 ms
 * (in workerd, the setup and 12 actions cost 3.5-4.5 ms cold); the app's own code around it costs
 * more on an isolate's first request (bench/README.md). The rest continues in follow-up requests
 * (POST /continue, which the open page sends) or the cron.
 */
export const BOT_ACTIONS_PER_REQUEST = 12;

/** The computer's budget of actions in one request: the ruleset's own, where it says one. */
export const botActionsPerRequest = (ruleset: Pick<AnyRuleset, "botActionsPerRequest">): number => ruleset.botActionsPerRequest ?? BOT_ACTIONS_PER_REQUEST;

/**
 * An isolate's first request runs much of its code for the first time since the warm-up (V8's
 * interpreter, not yet its compiled code), so there the computer plays one action only: the
 * request stays within a cold isolate's 10 ms, and the rest follows in the page's
 * `POST /continue` (or the cron's), by then on a warm isolate.
 */
export const FIRST_REQUEST_BOT_ACTIONS = 1;

/** The computer's budget in this request. */
export const botBudget = (deps: Pick<Deps, "firstOfIsolate">, ruleset: Pick<AnyRuleset, "botActionsPerRequest">): number =>
  deps.firstOfIsolate ? Math.min(FIRST_REQUEST_BOT_ACTIONS, botActionsPerRequest(ruleset)) : botActionsPerRequest(ruleset);

/** How long a seat has to answer a choice owed in the middle of another seat's turn. */
export const OWED_CHOICE_HOURS = 24;

/**
 * The computer for bot seats, at each seat's level, and each seat's standing orders. A strong
 * seat's action where it searches spends a larger share of the request's budget, so a request
 * plays `actionsPerRequestAt(ruleset, "strong", ...)` of those (the rest continue as any
 * other's); where it plays the standard choice it costs what the standard computer does.
 */
export function standInsOf(seats: readonly SeatRow[], ruleset: AnyRuleset): StandIns {
  const levelOf = (seat: Seat): BotLevel => seats.find((s) => s.seat === seat)?.botLevel ?? "standard";
  const standard = botActionsPerRequest(ruleset);
  return {
    isBot: (seat) => seats.some((s) => s.seat === seat && s.bot === 1),
    botFor: (seat) => botAt(ruleset, levelOf(seat)),
    weight: (seat, state) => (searchesAt(ruleset, levelOf(seat), state) ? standard / actionsPerRequestAt(ruleset, levelOf(seat), standard) : 1),
    order: (seat, kind) => seats.find((s) => s.seat === seat && s.bot === 0)?.orders?.[kind],
  };
}

export interface Change {
  /** The state after the change that started this (a human's batch, a resignation...). */
  state: unknown;
  turn: Omit<NewTurn, "gameId" | "seq" | "at">;
  requester: Seat | null;
  /** Set when the service, not the rules, ended the game (resignation, timeout). */
  outcome?: Outcome;
  /** Seats the change's actions knocked out of the game. */
  eliminated?: Seat[];
  seatChanges?: Commit["seatChanges"];
  /** A pause starts or ends: its fields, and how far the deadline moves if the turn stays with the same seats. */
  pause?: { fields: Pick<GameRow, "pausedUntil" | "proposal">; deadlineShift: number };
}

export interface Advanced {
  commit: Commit;
  events: GameEvent[];
  state: unknown;
  seq: number;
  toAct: Seat[];
  outcome: Outcome | null;
  deadline: number | null;
  /** A bot or a standing order can still act: the rest waits for POST /continue or the cron. */
  botsWaiting: boolean;
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
  /** The current sitting's earlier turns, from loadGame. */
  sitting: SittingTurn[];
  /** The log's tail as stored, when known: the commit may page it out compressed (store/log.ts). */
  tail?: string;
}

/**
 * Turns one change into everything the commit must write: its turn row, the bot turns that
 * follow at once, the game row's new fields and the mail owed.
 */
export async function advance(deps: Deps, ruleset: AnyRuleset, { game, seats, sitting }: Loaded, streams: Streams, change: Change): Promise<Advanced> {
  const now = deps.now();
  const seatsAfter = seats.map((s) => ({ ...s, ...(change.seatChanges?.find((c) => c.seat === s.seat)?.change ?? {}) }));
  const botSeats = new Set(seatsAfter.filter((s) => s.bot === 1).map((s) => s.seat));

  const turns: NewTurn[] = [{ ...change.turn, gameId: game.id, seq: game.seq + 1, at: now }];
  const events: GameEvent[] = [...(change.turn.events as GameEvent[])];
  const eliminated: Seat[] = [...(change.eliminated ?? [])];
  let state = change.state;
  let seq = game.seq + 1;
  let autoTurns = 0;

  if (!change.outcome) {
    const auto = await autoplay(ruleset, state, standInsOf(seatsAfter, ruleset), streams, seq, botBudget(deps, ruleset));
    for (const t of auto.turns) {
      turns.push({
        gameId: game.id,
        seq: t.seq + 1,
        seat: t.seat,
        byBot: t.by === "bot" ? 1 : 0,
        byOrder: t.by === "order" ? 1 : 0,
        actions: t.actions,
        events: t.events,
        draws: t.draws,
        at: now,
      });
      events.push(...t.events);
      eliminated.push(...t.eliminated);
    }
    state = auto.state;
    seq = auto.seq;
    autoTurns = auto.turns.length;
  }

  const outcome = change.outcome ?? ruleset.outcome(state);
  const toAct = outcome ? [] : ruleset.toAct(state);
  const owed = outcome ? null : ruleset.owed(state);
  // Turns in between make it a new turn even for the same seat (a human alone against bots).
  const handedOver = !sameSeats(toAct, game.toAct) || autoTurns > 0;
  const hours = game.hoursPerTurn === null ? null : owed ? Math.min(OWED_CHOICE_HOURS, game.hoursPerTurn) : game.hoursPerTurn;
  // a turn handed to a seat on vacation, or during a pause, is timed from its return
  const pausedUntil = change.pause ? change.pause.fields.pausedUntil : game.pausedUntil;
  const away = seatsAfter.filter((s) => toAct.includes(s.seat) && s.vacationUntil !== null).map((s) => s.vacationUntil!);
  const back = Math.max(now, pausedUntil ?? now, ...away);
  const stays = game.deadline === null ? null : game.deadline + (change.pause?.deadlineShift ?? 0);
  const deadline = outcome || hours === null ? null : handedOver ? back + hours * 3_600_000 : stays;

  const botsWaiting = !outcome && standInWaiting(ruleset, state, standInsOf(seatsAfter, ruleset));
  // a new deadline, or a pause that moves it, re-arms its reminders and its notice
  const rearmed = handedOver || Boolean(change.pause?.deadlineShift);
  const timer = nextTimerAt({
    status: outcome ? "finished" : "active",
    deadline,
    reminded: rearmed ? 0 : game.reminded,
    deadlineNoticed: rearmed ? 0 : game.deadlineNoticed,
    hoursPerTurn: game.hoursPerTurn,
  });
  const commit: Commit = {
    gameId: game.id,
    expectedSeq: game.seq,
    expectedVersion: game.version,
    turns,
    game: changedFields(game, {
      state,
      seq,
      toAct,
      status: outcome ? "finished" : "active",
      outcome,
      deadline,
      ...(handedOver ? { sittingFrom: seq } : {}),
      ...(rearmed ? { reminded: 0, deadlineNoticed: 0 } : {}),
      ...timerKeyChange(game.timerAt, timer),
      ...(change.pause?.fields ?? {}),
      // an open proposal dies with the game
      ...(outcome && game.proposal ? { proposal: null } : {}),
      botsWaiting: botsWaiting ? 1 : 0,
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
      lines: describeTurns(ruleset, [...sitting, ...turns]),
      owed,
      outcome,
      deadline,
      now,
      newId: deps.newId,
      seed: game.seed,
      eliminated,
      scenarioTitle: ruleset.scenarios.find((s) => s.id === game.scenario)?.title,
      hoursPerTurn: game.hoursPerTurn,
      watcher: game.watcher,
      menu: (seat) => turnMenu(ruleset, state, seat, seq),
      seatTitle: (seat) => seatTitleIn(ruleset, seat),
    }),
  };
  return { commit, events, state, seq, toAct, outcome, deadline, botsWaiting };
}
