import type { Outcome, OwedChoice } from "../engine/ruleset";
import { newSeatRow } from "../store/rows";
import type { OutboxRow, SeatRow } from "../store/types";
import type { MailMenu } from "./menu";
import type { MailKind, MailPayload, PlayerInfo } from "./payload";

/** What a committed change means for the mail: who must act now, what happened, whether it ended. */
export interface Handover {
  gameId: string;
  rulesetTitle: string;
  seats: readonly SeatRow[];
  /** Seats that had to act before the change ([] for a new game). */
  toActBefore: readonly string[];
  toActAfter: readonly string[];
  /** The seat whose request caused the change: its own response shows the result, so no mail. */
  requester: string | null;
  /** One line per thing that happened since the seats now to act last moved (describe()). */
  lines: readonly string[];
  outcome: Outcome | null;
  /** The choice the seat now to act owes in the middle of another's turn, if it is one. */
  owed?: OwedChoice | null;
  deadline: number | null;
  now: number;
  newId: () => string;
  /** Seats knocked out by this change: each human among them is told (game over covers the last one). */
  eliminated?: readonly string[];
  /** The game's seed, revealed in the game-over mail (if absent, it is read when the mail is sent). */
  seed?: string;
  scenarioTitle?: string;
  hoursPerTurn?: number | null;
  /** Whoever watches a game the computer plays alone and asked for its start and its result. */
  watcher?: string | null;
  /** The menu a seat now to act may answer by reply (mail/menu.ts), if it has a short one. */
  menu?: (seat: string) => MailMenu | null;
  /** The ruleset's name for a seat ("USA"); without it the mail capitalises the id. */
  seatTitle?: (seat: string) => string;
}

/** The pseudo-seat a watcher's mail is addressed to: no ruleset names a seat with "@". */
export const WATCHER_SEAT = "@watcher";

/** The watcher of an all-computer game, as a mail recipient: a seat that plays nothing. */
function watcherSeat(h: Handover): SeatRow | null {
  if (!h.watcher) return null;
  return newSeatRow({ gameId: h.gameId, seat: WATCHER_SEAT, name: "", email: h.watcher, bot: 0, vacationLeft: 0 });
}

/** Lines a mail lists at most; the rest are on the game page. */
export const MAX_LINES = 60;

/** The hour (UTC) at which digests go out, once a day. */
export const DIGEST_HOUR_UTC = 7;

const DAY = 86_400_000;

/** The next digest time strictly after `now`. */
export function nextDigestAt(now: number): number {
  const today = Math.floor(now / DAY) * DAY + DIGEST_HOUR_UTC * 3_600_000;
  return today > now ? today : today + DAY;
}

/** Names as typed, on one line: control characters would break a header. */
export function cleanName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

/**
 * The game's one subject for its whole life, e.g. "[hexpost] Battle for Moscow #7k2f: Hans v Olga".
 * What changed goes in the body, so mail clients keep one thread.
 */
export function gameSubject(h: { gameId: string; rulesetTitle: string; seats: readonly { name: string }[] }): string {
  let names = h.seats.map((s) => cleanName(s.name)).join(" v ");
  if (names.length > 80) names = `${names.slice(0, 79)}…`;
  return `[hexpost] ${cleanName(h.rulesetTitle)} #${h.gameId.slice(0, 4)}: ${names}`;
}

const players = (seats: readonly SeatRow[], title?: (seat: string) => string): PlayerInfo[] =>
  seats.map((s) => ({ seat: s.seat, name: cleanName(s.name), bot: s.bot === 1, ...(title ? { title: title(s.seat) } : {}) }));

const nameOf = (seats: readonly SeatRow[], seat: string) => cleanName(seats.find((s) => s.seat === seat)?.name ?? seat);

/** A seat we can write to: a human with an address that has not bounced. */
export const mailable = (s: SeatRow) => s.bot === 0 && s.email !== null && s.email !== "" && s.undeliverable === 0;

/** The payload fields every mail of the game shares, frozen now. */
export function basePayload(
  h: Pick<Handover, "gameId" | "rulesetTitle" | "seats" | "lines" | "deadline" | "toActAfter" | "scenarioTitle" | "hoursPerTurn" | "seatTitle">,
  seat: SeatRow,
): MailPayload {
  const lines = h.lines.slice(-MAX_LINES);
  const payload: MailPayload = {
    subject: gameSubject(h),
    seat: seat.seat,
    epoch: seat.epoch,
    name: cleanName(seat.name),
    rulesetTitle: h.rulesetTitle,
    players: players(h.seats, h.seatTitle),
    lines,
    deadline: h.deadline,
    toActNames: h.toActAfter.map((s) => nameOf(h.seats, s)),
    undeliverable: h.seats.filter((s) => s.seat !== seat.seat && s.bot === 0 && s.undeliverable === 1).map((s) => cleanName(s.name)),
  };
  if (h.lines.length > lines.length) payload.moreLines = h.lines.length - lines.length;
  if (h.scenarioTitle !== undefined) payload.scenarioTitle = h.scenarioTitle;
  if (h.hoursPerTurn !== undefined) payload.hoursPerTurn = h.hoursPerTurn;
  return payload;
}

export function outboxRow(
  ids: { id: string; gameId: string | null; now: number; sendAt?: number },
  seat: SeatRow,
  kind: MailKind,
  payload: MailPayload,
): OutboxRow {
  return {
    id: ids.id,
    gameId: ids.gameId,
    seat: seat.seat,
    kind,
    recipient: seat.email!,
    payload,
    status: "pending",
    attempts: 0,
    nextAttemptAt: ids.sendAt ?? ids.now,
    createdAt: ids.now,
  };
}

function row(h: Handover, seat: SeatRow, kind: MailKind, extra: Partial<MailPayload>, sendAt?: number): OutboxRow {
  return outboxRow({ id: h.newId(), gameId: h.gameId, now: h.now, sendAt }, seat, kind, { ...basePayload(h, seat), ...extra });
}

/**
 * The outbox rows a committed change owes:
 * - the game ended: a game-over mail to every human (whatever their preference), with the seed;
 * - a human seat knocked out of a game that goes on gets an "eliminated" mail;
 * - otherwise one notice per seat that now must act and did not before, unless it made the
 *   request (its response shows the result): one per hand-over, however many bot turns came
 *   before it. What it becomes (live, push, webhooks, a held mail, a digest entry, nothing)
 *   is the delivery layer's (notify/delivery.ts).
 */
export function handoverMails(h: Handover): OutboxRow[] {
  if (h.outcome) {
    const watcher = watcherSeat(h);
    const revealed = h.seed !== undefined ? { seed: h.seed } : {};
    return [
      ...h.seats.filter(mailable).map((s) => row(h, s, "game_over", { outcome: h.outcome, ...revealed })),
      ...(watcher ? [row(h, watcher, "watching", { outcome: h.outcome, ...revealed })] : []),
    ];
  }
  const newlyToAct = h.toActAfter.filter((seat) => !h.toActBefore.includes(seat) && seat !== h.requester);
  const rows: OutboxRow[] = [];
  for (const s of h.seats) if (h.eliminated?.includes(s.seat) && mailable(s)) rows.push(row(h, s, "eliminated", {}));
  for (const s of h.seats) {
    if (!newlyToAct.includes(s.seat) || !mailable(s)) continue;
    // the seat's mail setting (every turn, digest, none) is the delivery layer's (notify/delivery.ts)
    const menu = h.menu?.(s.seat);
    const withMenu = menu ? { menu } : {};
    if (h.owed?.seat === s.seat) rows.push(row(h, s, "choice_owed", { owed: h.owed.line, ...withMenu }));
    else rows.push(row(h, s, "your_turn", withMenu));
  }
  return rows;
}

/**
 * A new game: each other human gets an invitation (it counts as the first hand-over's
 * mail), the creator their own link. Both go whatever the preference.
 */
export function creationMails(h: Handover & { creator: string | undefined; hoursPerTurn: number | null }): OutboxRow[] {
  if (h.creator === undefined) {
    // the computer plays every seat: only a watcher who asked hears of it
    const watcher = watcherSeat(h);
    if (h.outcome) return handoverMails(h);
    return watcher ? [row(h, watcher, "watching", { hoursPerTurn: h.hoursPerTurn })] : [];
  }
  const creatorName = nameOf(h.seats, h.creator) || "Someone";
  if (h.outcome) {
    // The bots finished the game before anyone moved: just the result.
    return handoverMails(h);
  }
  return h.seats
    .filter(mailable)
    .map((s) =>
      s.seat === h.creator
        ? row(h, s, "your_link", { hoursPerTurn: h.hoursPerTurn, toAct: h.toActAfter.includes(s.seat) })
        : row(h, s, "invitation", { inviter: creatorName, hoursPerTurn: h.hoursPerTurn, toAct: h.toActAfter.includes(s.seat) }),
    );
}
