import type { AnyRuleset } from "../engine/ruleset";
import type { GameRow, SeatRow, TurnRow } from "../store/types";
import { CUSTOM_SCENARIO } from "./create";
import { describeTurn } from "./describe";
import { seatTitleIn } from "../mail/names";
import { isPaused, openProposal } from "./paused";
import { litCells } from "./lit";

/** What anyone may see of a seat: never an email address, never a token. */
export function publicSeat(s: SeatRow) {
  return { seat: s.seat, name: s.name, bot: s.bot === 1, ...(s.bot === 1 ? { level: s.botLevel } : {}), undeliverable: s.undeliverable === 1, vacationUntil: s.vacationUntil };
}

/** The game as `you` (null: a spectator) may see it: the state through the ruleset's view. */
export function gameView(ruleset: AnyRuleset, game: GameRow, seats: SeatRow[], you: SeatRow | null, now: number) {
  const summary = ruleset.summary(game.state);
  const owed = game.status === "active" ? ruleset.owed(game.state) : null;
  return {
    id: game.id,
    ruleset: game.ruleset,
    rulesetTitle: ruleset.title,
    scenario: game.scenario,
    /** Made from an inline scenario (the page labels it "custom scenario"). */
    customScenario: game.scenario === CUSTOM_SCENARIO,
    scenarioTitle: ruleset.scenarios.find((s) => s.id === game.scenario)?.title ?? "custom scenario",
    options: game.options,
    status: game.status,
    seq: game.seq,
    turn: summary.turn,
    phase: summary.phase,
    summary: summary.line,
    toAct: game.toAct,
    owed,
    /** The computer has more to play than one request may do: POST /continue (the page does). */
    botsWaiting: game.botsWaiting === 1,
    deadline: game.deadline,
    /** Paused by agreement until then (its clocks stand still); null when not paused. */
    pausedUntil: isPaused(game, now) ? game.pausedUntil : null,
    /** An open proposal to pause or to resume, with the seats that agreed so far. */
    proposal: game.status === "active" ? openProposal(game, now) : null,
    hoursPerTurn: game.hoursPerTurn,
    // each seat with its name as players read it ("USA"), so the page never shows an id
    seats: seats.map((s) => ({ ...publicSeat(s), title: seatTitleIn(ruleset, s.seat) })),
    state: ruleset.view(game.state, you?.seat ?? null),
    outcome: game.outcome ?? null,
    seedCommitment: game.seedCommitment,
    ...(game.status === "finished" ? { seed: game.seed } : {}),
    ...(you ? { you: { seat: you.seat, prefs: you.prefs, orders: you.orders ?? {}, vacationDaysLeft: Math.floor(you.vacationLeft / 86_400_000) } } : {}),
    /** On `you`'s move: the cells its choices start from (printed ids), for the page to light before its rules load. */
    ...(you && game.status === "active" && game.toAct.includes(you.seat) && !isPaused(game, now) ? { lit: litCells(ruleset, game.state, you.seat) } : {}),
  };
}

/** Who made a turn: the seat's player, the computer, the seat's standing order, or the service. */
export type TurnBy = "player" | "computer" | "order" | "service";

/** What a log entry is made from: a stored turn, or one a request has just written. */
export type LoggedTurn = Pick<TurnRow, "seq" | "seat" | "actions" | "events" | "at"> & Partial<Pick<TurnRow, "byBot" | "byOrder" | "service" | "draws">>;

export const turnBy = (t: LoggedTurn): TurnBy => (t.service ? "service" : t.byBot === 1 ? "computer" : t.byOrder === 1 ? "order" : "player");

/**
 * One turn of the log. `by` says who made it (`service` marks a turn the service made, with no
 * actions; `order` one a standing order answered); `draws` the random numbers each action consumed.
 */
export function logEntry(ruleset: AnyRuleset, t: LoggedTurn) {
  return {
    seq: t.seq,
    seat: t.seat,
    by: turnBy(t),
    bot: t.byBot === 1,
    byOrder: t.byOrder === 1,
    service: t.service ?? null,
    actions: t.actions,
    draws: t.draws ?? [],
    events: t.events,
    lines: describeTurn(ruleset, t),
    at: t.at,
  };
}
