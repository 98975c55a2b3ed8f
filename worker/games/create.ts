import { seatTitleIn } from "../mail/names";
import { seatToken } from "../auth";
import { isDevMode } from "../env";
import { isRuleError, type AnyRuleset } from "../engine/ruleset";
import type { BotLevel } from "../engine/strong";
import { creationMails } from "../mail/handover";
import { newSeatRow } from "../store/rows";
import { autoplay, standInWaiting } from "../play/autoplay";
import { seedStreams, sha256Hex } from "../play/dice";
import { admit, type Limit } from "../store/rate-limit";
import { insertGame, type NewTurn, type RematchOf } from "../store/repository";
import { claimAtWrite, keepClaimed } from "../mail/claimed";
import type { OutboxRow, SeatRow } from "../store/types";
import { botBudget, standInsOf } from "./advance";
import { newGameIdBeside, type Deps } from "../deps";
import { describeTurns } from "./describe";
import { addressKey } from "./addresses";
import { ServiceError } from "./errors";
import { nextTimerAt } from "../store/timer-at";

export const HOURS_PER_TURN = [24, 48, 72, 168, null] as const;

/** The scenario id stored for a game created from an inline scenario (the scenario itself is kept with its start). */
export const CUSTOM_SCENARIO = "custom";

export function scenarioTitle(ruleset: AnyRuleset, scenario: string | Record<string, unknown>): string | undefined {
  if (typeof scenario === "string") return ruleset.scenarios.find((s) => s.id === scenario)?.title;
  return `custom scenario${typeof scenario.title === "string" ? `: ${scenario.title}` : ""}`;
}

export interface CreateInput {
  ruleset: string;
  /** One of the ruleset's scenario ids, or an inline scenario the ruleset validates. */
  scenario: string | Record<string, unknown>;
  options?: unknown;
  hoursPerTurn?: number | null;
  seats: Record<string, { email?: string; name?: string; bot?: boolean; level?: BotLevel }>;
  /** The creator's seat; none when the computer plays every seat (the creator then watches). */
  creator?: string;
  /** In a game the computer plays alone: an address that gets its start and its result by mail. */
  watcher?: string;
  seed?: string;
  clientIp: string;
}

const HOUR = 3_600_000;

/**
 * The limits a new game counts against: one game from the client's IP (per hour) and one mail
 * to each address it mails, by its key (per day). A rematch's start counts here too: a new game
 * and a mail to each of its humans, like any create.
 */
export function creationLimits(deps: Pick<Deps, "env">, clientIp: string, addressKeys: readonly string[]): Limit[] {
  return [
    { name: `ip:${clientIp}`, max: Number(deps.env.RATE_GAMES_PER_HOUR ?? 20), windowMs: HOUR },
    ...addressKeys.map((email) => ({ name: `invite:${email}`, max: Number(deps.env.RATE_INVITES_PER_DAY ?? 10), windowMs: 24 * HOUR })),
  ];
}

export const tooManyGames = (over: Limit) =>
  new ServiceError(429, "rate_limited", `Too many new games: ${over.name.startsWith("ip:") ? "from this address this hour" : "invitations to that address today"}; try again later`);

/** The computer's seats get names of their own, so a game against three of them reads as three players. */
export const BOT_NAMES = ["Ada", "Babbage", "Colossus", "Zuse"] as const;

export async function createGame(deps: Deps, input: CreateInput) {
  const ruleset = deps.rulesets.get(input.ruleset);
  if (!ruleset) throw new ServiceError(422, "bad_ruleset", `Unknown ruleset "${input.ruleset}"`, { ruleset: input.ruleset });
  const options = ruleset.parseOptions(input.options);
  if (isRuleError(options)) throw ServiceError.rule(options);
  const seatNames = ruleset.seats(input.scenario, options);
  if (isRuleError(seatNames)) throw ServiceError.rule(seatNames);

  for (const given of Object.keys(input.seats)) {
    if (!seatNames.includes(given)) throw new ServiceError(422, "bad_seat", `This game has no seat "${given}"; its seats are ${seatNames.join(", ")}`, { seat: given });
  }
  const hoursPerTurn = input.hoursPerTurn === undefined ? 72 : input.hoursPerTurn;
  if (!(HOURS_PER_TURN as readonly (number | null)[]).includes(hoursPerTurn)) {
    throw new ServiceError(422, "bad_time_control", `hoursPerTurn must be one of 24, 48, 72, 168 or null`, { hoursPerTurn });
  }
  if (input.seed !== undefined && !isDevMode(deps.env)) {
    throw new ServiceError(422, "seed_not_allowed", "A fixed seed is accepted only in dev mode");
  }

  const seats: SeatRow[] = [];
  let botsNamed = 0;
  for (const seat of seatNames) {
    const given = input.seats[seat] ?? { bot: true };
    const bot = given.bot === true;
    const email = bot ? null : (given.email?.trim().toLowerCase() ?? null);
    if (!bot && !email && seat !== input.creator) {
      throw new ServiceError(422, "bad_seat", `Seat ${seat} needs an email address, or "bot": true for the computer`, { seat });
    }
    if (!bot && given.level !== undefined) {
      throw new ServiceError(422, "bad_seat", `Seat ${seat}: level is the computer's strength, for a seat with "bot": true`, { seat, field: `seats.${seat}.level` });
    }
    const name = (given.name?.trim() || (bot ? BOT_NAMES[botsNamed++ % BOT_NAMES.length]! : (email?.split("@")[0] ?? seatTitleIn(ruleset, seat)))).slice(0, 40);
    seats.push(newSeatRow({ gameId: "", seat, name, email, bot: bot ? 1 : 0, botLevel: bot ? (given.level ?? "standard") : "standard" }));
  }
  const computerAlone = seats.every((s) => s.bot === 1);
  const creatorSeat = seats.find((s) => s.seat === input.creator);
  if (computerAlone ? input.creator !== undefined : !creatorSeat || creatorSeat.bot === 1) {
    throw new ServiceError(
      422,
      "bad_seat",
      computerAlone
        ? "The computer plays every seat of this game: leave out creator (you get a link to watch it)"
        : `The creator must take a human seat of this game (${seatNames.join(", ")})`,
      { field: "creator", creator: input.creator ?? null },
    );
  }

  const watcher = input.watcher?.trim().toLowerCase() || null;
  if (watcher !== null && !computerAlone) {
    throw new ServiceError(422, "bad_seat", "watcher is only for a game the computer plays alone: a player gets the game's mails at their seat's address", { field: "watcher" });
  }

  const now = deps.now();
  // every address this create mails, the creator's and the watcher's too, is checked and counted alike
  const invited = [...new Set([...seats.filter((s) => s.email).map((s) => s.email!), ...(watcher ? [watcher] : [])].map(addressKey))];
  const admission = await admit(deps.shards.home, creationLimits(deps, input.clientIp, invited), invited, now);
  const blocked = admission.blocked[0];
  if (blocked) throw new ServiceError(422, "address_blocked", `${blocked} asked not to be invited to games`, { email: blocked });
  if (admission.exceeded) throw tooManyGames(admission.exceeded);

  const id = (await startGame(deps, { ruleset, scenario: input.scenario, options, hoursPerTurn, seats, creator: input.creator, watcher, seed: input.seed }))!;
  const watch = `${deps.env.APP_URL}/g/${id}`;
  const seatsOut = seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot === 1, ...(s.bot === 1 ? { level: s.botLevel } : {}) }));
  if (input.creator === undefined) return { id, seats: seatsOut, you: null, watch };
  const token = await seatToken(deps.env.TOKEN_SECRET, id, input.creator, 0);
  return { id, seats: seatsOut, you: { seat: input.creator, token, url: `${watch}#t=${token}` }, watch };
}

/** A game ready to start: checked, its seats named, its mail allowed. */
export interface GamePlan {
  ruleset: AnyRuleset;
  scenario: string | Record<string, unknown>;
  options: Record<string, string | number>;
  hoursPerTurn: number | null;
  seats: SeatRow[];
  creator: string | undefined;
  watcher?: string | null;
  seed?: string;
}

export interface StartOptions {
  /** The finished game this one replays, as read: the start is refused if it changed since. */
  rematchOf?: RematchOf;
  /** The mail the start owes, instead of the creator's link and the invitations. */
  mails?: (h: CreationHandover) => OutboxRow[];
}

export type CreationHandover = Parameters<typeof creationMails>[0];

/** Draws the seed, sets up, lets the computer move first, and stores the game with its mail in one batch. */
export async function startGame(deps: Deps, plan: GamePlan, options: StartOptions = {}) {
  const { ruleset, seats, hoursPerTurn } = plan;
  const now = deps.now();
  // a rematch is stored beside its game: the one batch also marks the old game (store/shards.ts)
  const id = options.rematchOf ? newGameIdBeside(deps, options.rematchOf.id) : deps.newGameId();
  for (const s of seats) s.gameId = id;
  const seed = plan.seed ?? deps.newSeed();
  const streams = await seedStreams(seed);
  const initial = ruleset.setup(plan.scenario, plan.options, await streams.setup());
  if (isRuleError(initial)) throw ServiceError.rule(initial);

  const bots = await autoplay(ruleset, initial, standInsOf(seats, ruleset), streams, 0, botBudget(deps, ruleset));
  const outcome = ruleset.outcome(bots.state);
  const toAct = outcome ? [] : ruleset.toAct(bots.state);
  const turns: NewTurn[] = bots.turns.map((t) => ({
    gameId: id,
    seq: t.seq + 1,
    seat: t.seat,
    byBot: 1,
    actions: t.actions,
    events: t.events,
    draws: t.draws,
    at: now,
  }));
  const deadline = hoursPerTurn === null || outcome ? null : now + hoursPerTurn * HOUR;

  // what is due at once goes out after the response, claimed as it is written (mail/claimed.ts)
  const mail = claimAtWrite(
    (options.mails ?? creationMails)({
      gameId: id,
      rulesetTitle: ruleset.title,
      seats,
      toActBefore: [],
      toActAfter: toAct,
      requester: null,
      lines: describeTurns(ruleset, turns),
      outcome,
      deadline,
      now,
      newId: deps.newId,
      creator: plan.creator,
      watcher: plan.watcher ?? null,
      hoursPerTurn,
      scenarioTitle: scenarioTitle(ruleset, plan.scenario),
      seatTitle: (seat) => seatTitleIn(ruleset, seat),
    }),
    now,
  );
  const stored = await insertGame(
    deps.shards.forGame(id),
    {
      id,
      ruleset: ruleset.id,
      scenario: typeof plan.scenario === "string" ? plan.scenario : CUSTOM_SCENARIO,
      options: plan.options,
      state: bots.state,
      seq: bots.seq,
      toAct,
      status: outcome ? "finished" : "active",
      outcome,
      seed,
      seedCommitment: await sha256Hex(seed),
      hoursPerTurn,
      deadline,
      timerAt: nextTimerAt({ status: outcome ? "finished" : "active", deadline, reminded: 0, deadlineNoticed: 0, hoursPerTurn }),
      sittingFrom: bots.seq,
      botsWaiting: !outcome && standInWaiting(ruleset, bots.state, standInsOf(seats, ruleset)) ? 1 : 0,
      rematchOf: options.rematchOf?.id ?? null,
      watcher: plan.watcher ?? null,
      createdAt: now,
      updatedAt: now,
    },
    { state: initial, scenario: typeof plan.scenario === "string" ? null : plan.scenario },
    seats,
    turns,
    mail.rows,
    options.rematchOf,
  );
  if (stored) keepClaimed(deps.cache, id, mail.claimed);
  return stored ? id : null;
}
