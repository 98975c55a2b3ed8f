import { sql } from "drizzle-orm";
import type { Outcome } from "../engine/ruleset";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export type Proposal = { kind: "pause"; by: string; until: number; agreed: string[] } | { kind: "resume"; by: string; agreed: string[] };

export interface Rematch {
  agreed: string[];
  /** The new game, once every human seat asked for it. */
  gameId: string | null;
}

/**
 * Every index costs a row written on each change (D1 counts index entries), so games carry
 * only partial indexes that hold the few rows the cron must find.
 */
export const games = sqliteTable(
  "games",
  {
    id: text("id").primaryKey(),
    ruleset: text("ruleset").notNull(),
    scenario: text("scenario").notNull(),
    options: text("options", { mode: "json" }).notNull().$type<Record<string, string | number>>(),
    state: text("state", { mode: "json" }).notNull().$type<unknown>(),
    seq: integer("seq").notNull(),
    toAct: text("to_act", { mode: "json" }).notNull().$type<string[]>(),
    status: text("status", { enum: ["active", "finished"] }).notNull(),
    outcome: text("outcome", { mode: "json" }).$type<Outcome | null>(),
    /** Secret until the game ends; the hex SHA-256 of it is public from creation. */
    seed: text("seed").notNull(),
    seedCommitment: text("seed_commitment").notNull(),
    hoursPerTurn: integer("hours_per_turn"),
    /** When the seats in toAct must have moved (ms since epoch); null without a time control. */
    deadline: integer("deadline"),
    /** The seq at which the seats in toAct began to act: the mail to them covers what came after. */
    sittingFrom: integer("sitting_from").notNull().default(0),
    /** Set once the reminder for the current deadline is written to the outbox. */
    reminded: integer("reminded").notNull().default(0),
    /** Set once "the deadline passed" is written to the outbox. */
    deadlineNoticed: integer("deadline_noticed").notNull().default(0),
    /** Bots must still act but the request's bot budget ran out: the cron resumes them. */
    botsWaiting: integer("bots_waiting").notNull().default(0),
    /**
     * Moves on every write to the game or its seats (a turn, a seat's epoch, bot, prefs or
     * orders, a timer flag): a game an isolate holds in memory is trusted only while its
     * version is the stored one, and a commit from a stale copy is refused (store/commit).
     */
    version: integer("version").notNull().default(0),
    /** Paused by agreement until then (ms since epoch): the deadline was pushed back by the pause. */
    pausedUntil: integer("paused_until"),
    /** An open proposal to pause or to resume early, and the human seats that agreed so far. */
    proposal: text("proposal", { mode: "json" }).$type<Proposal | null>(),
    /** After the game: the human seats that asked to play again, and the new game once all did. */
    rematch: text("rematch", { mode: "json" }).$type<Rematch | null>(),
    /** The game this one is the rematch of: UNIQUE, so one game has at most one rematch. */
    rematchOf: text("rematch_of"),
    /** The address of whoever watches a game the computer plays alone and asked for its mails. */
    watcher: text("watcher"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /**
     * Set once the finished game is archived: its export is in R2 (games/archive.ts), its
     * state, log, start, mail and channels are gone from D1, and this row is what is left.
     */
    archivedAt: integer("archived_at"),
    /**
     * The log's newest turns as a JSON array, written by the UPDATE that writes the game, so a
     * request that plays writes one row (store/log.ts); read only where the log is.
     */
    logTail: text("log_tail").notNull().default("[]"),
    /**
     * When the cron looks at the game's timer next: never later than the moment it next owes a
     * reminder or a deadline notice, earlier after hand-overs that did not move it (store/timer-at.ts).
     */
    timerAt: integer("timer_at"),
  },
  (t) => [
    check("games_status", sql`${t.status} IN ('active', 'finished')`),
    check("games_seq", sql`${t.seq} >= 0`),
    /** The cron's timers: games by the moment they may next owe a notice (store/timer-at.ts; migration 0021). */
    index("games_timer").on(t.timerAt).where(sql`${t.timerAt} IS NOT NULL`),
    index("games_bots_waiting").on(t.updatedAt).where(sql`${t.botsWaiting} = 1 AND ${t.status} = 'active'`),
    uniqueIndex("games_rematch_of").on(t.rematchOf).where(sql`${t.rematchOf} IS NOT NULL`),
    /** Finished games not yet archived, by when they last changed: the cron's archival (migration 0012). */
    index("games_archivable").on(t.updatedAt).where(sql`${t.status} = 'finished' AND ${t.archivedAt} IS NULL`),
  ],
);

export const seats = sqliteTable(
  "seats",
  {
    gameId: text("game_id").notNull().references(() => games.id),
    seat: text("seat").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    bot: integer("bot").notNull().default(0),
    /** The computer's level on a bot seat (worker/engine/strong); migration 0016. */
    botLevel: text("bot_level", { enum: ["standard", "strong"] }).notNull().default("standard"),
    /** Bumping it revokes every link issued for this seat. */
    epoch: integer("epoch").notNull().default(0),
    prefs: text("prefs", { enum: ["every_turn", "digest", "none"] }).notNull().default("every_turn"),
    /** Set by a bounce or complaint: no more mail goes to this address for this seat. */
    undeliverable: integer("undeliverable").notNull().default(0),
    /** Standing orders: for a kind of owed choice, the ruleset policy that answers it at once. */
    orders: text("orders", { mode: "json" }).notNull().default({}).$type<Record<string, string>>(),
    /** On vacation until then (ms since epoch): the seat's move clock stands still; null when not. */
    vacationUntil: integer("vacation_until"),
    /** Vacation time the seat may still take in this game (ms); a vacation takes it when it starts. */
    vacationLeft: integer("vacation_left").notNull().default(14 * 86_400_000),
    /**
     * How long a notice's mail waits for the seat to open the game before it is sent (minutes);
     * opening the game in that time drops it, and notices meanwhile collapse into one mail.
     */
    holdMinutes: integer("hold_minutes").notNull().default(15),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    check("seats_prefs", sql`${t.prefs} IN ('every_turn', 'digest', 'none')`),
    check("seats_bot", sql`${t.bot} IN (0, 1)`),
    check("seats_bot_level", sql`${t.botLevel} IN ('standard', 'strong')`),
    check("seats_hold_minutes", sql`${t.holdMinutes} BETWEEN 0 AND 1440`),
    /** The daily digest finds every game awaiting an address; only digest seats are indexed. */
    index("seats_digest").on(t.email).where(sql`${t.prefs} = 'digest'`),
    /** "My games": every game an address plays (one entry per human seat, written once at creation). */
    index("seats_email").on(t.email).where(sql`${t.email} IS NOT NULL`),
  ],
);

export type TurnService = "resign" | "claim_timeout" | "bots_resumed" | "propose_pause" | "propose_resume" | "answer_proposal";

/**
 * One change of a game's state: an entry of the log. The log is kept as JSON (store/log.ts): its
 * newest turns in the game row's `log_tail`, written by the same UPDATE as the game, and the
 * older ones in `log_pages`. The view `turns` (migration 0015) shows it as rows, for SQL by hand.
 */
export interface TurnRow {
  gameId: string;
  seq: number;
  seat: string;
  /** Played by the computer inside the request that followed a human's turn. */
  byBot: number;
  actions: unknown[];
  events: unknown[];
  /** Per action, the random draws it consumed: any position is rebuilt forward from them. */
  draws: number[][];
  /**
   * Set on a turn the service made, not the rules: it has no actions and changes no state.
   * ("bots_resumed" opens the bots' turns the cron resumed.)
   */
  service: TurnService | null;
  /** The seat's standing order answered an owed choice (no human acted). */
  byOrder: number;
  idempotencyKey: string | null;
  at: number;
}

/**
 * The log's older turns, a page a row: when a commit finds the game row's tail over a page's
 * size, it moves the tail here whole (store/log.ts). The primary key refuses a second writer.
 */
export const logPages = sqliteTable(
  "log_pages",
  {
    gameId: text("game_id").notNull(),
    /** The seq of the page's last turn: the pages after a seq are a range of the key. */
    lastSeq: integer("last_seq").notNull(),
    /** The page's turns in order, as a JSON array (store/log.ts storedTurn). */
    turns: text("turns").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.lastSeq] })],
);

/** The position each game started from: the replay's first state (written once, read with the log). */
export const starts = sqliteTable("starts", {
  gameId: text("game_id").primaryKey(),
  state: text("state", { mode: "json" }).notNull().$type<unknown>(),
  /** An inline (custom) scenario the game was created from; null for one of the ruleset's own. */
  scenario: text("scenario", { mode: "json" }).$type<Record<string, unknown> | null>(),
});

/** Mail to send, written in the same batch as the change that caused it. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id"),
    seat: text("seat"),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    /** Everything the mail needs, frozen when written, so a retry sends the same body. */
    payload: text("payload", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    lastError: text("last_error"),
    providerId: text("provider_id"),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
    /** When the first send was tried: retries stop well inside the provider's 24 h idempotency window. */
    firstAttemptAt: integer("first_attempt_at"),
    /** The push or webhook channel this notice goes to; null for a mail (recipient is the address). */
    channelId: text("channel_id"),
    /**
     * A mail held for its seat to come and look: dropped if the seat opens the game before it
     * is due; the seat's held mails of one game go out as one. Found by their ids, which begin
     * with the game and seat (store/held-ids.ts; migration 0020).
     */
    held: integer("held").notNull().default(0),
    /**
     * Written already claimed by the request that sends it (mail/claimed.ts): kept out of
     * outbox_due, a row the cron finds by its id only if that request died (migration 0018).
     */
    writtenClaimed: integer("written_claimed").notNull().default(0),
    /** A drainer's claim: until then the row is its (migration 0019); in no index, so a claim writes the row alone. */
    leasedUntil: integer("leased_until").notNull().default(0),
  },
  (t) => [
    check("outbox_status", sql`${t.status} IN ('pending', 'sent', 'failed')`),
    check("outbox_held", sql`${t.held} IN (0, 1)`),
    check("outbox_written_claimed", sql`${t.writtenClaimed} IN (0, 1)`),
    index("outbox_due").on(t.nextAttemptAt).where(sql`${t.status} = 'pending' AND ${t.writtenClaimed} = 0`),
    /** Pending digest rows of an address, merged into one mail a day. */
    index("outbox_digest").on(t.recipient).where(sql`${t.kind} = 'digest' AND ${t.status} = 'pending'`),
  ],
);

/**
 * Where a seat's notices go besides mail: a Web Push subscription or a webhook. A channel
 * belongs to one seat of one game, or to an address (every game it plays); an address's needs
 * the proof a mailed seat link carries (games/channels.ts).
 */
export const channels = sqliteTable(
  "channels",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id"),
    seat: text("seat"),
    /** Address-wide channels: the address as seats store it. */
    email: text("email"),
    kind: text("kind", { enum: ["push", "discord", "slack", "ntfy", "json"] }).notNull(),
    endpoint: text("endpoint").notNull(),
    /** Push: the subscription's keys (base64url). */
    p256dh: text("p256dh"),
    auth: text("auth"),
    /** Generic JSON webhooks: the HMAC key the body is signed with. */
    secret: text("secret"),
    /** Failures in a row; at MAX_CHANNEL_FAILURES the channel is switched off. */
    failures: integer("failures").notNull().default(0),
    disabledAt: integer("disabled_at"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    check("channels_kind", sql`${t.kind} IN ('push', 'discord', 'slack', 'ntfy', 'json')`),
    check("channels_scope", sql`(${t.gameId} IS NOT NULL AND ${t.seat} IS NOT NULL AND ${t.email} IS NULL) OR (${t.gameId} IS NULL AND ${t.seat} IS NULL AND ${t.email} IS NOT NULL)`),
    uniqueIndex("channels_seat").on(t.gameId, t.seat, t.endpoint).where(sql`${t.gameId} IS NOT NULL`),
    uniqueIndex("channels_address").on(t.email, t.endpoint).where(sql`${t.email} IS NOT NULL`),
  ],
);

/** Fixed-window counters for abuse limits; `key` names the window, e.g. "ip:1.2.3.4:2026112200". */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** Addresses that asked never to be invited again. */
export const blockedAddresses = sqliteTable("blocked_addresses", {
  email: text("email").primaryKey(),
  at: integer("at").notNull(),
});

/** Replies by mail (worker/inbound): the primary key applies each Message-ID at most once. */
export const inboundMail = sqliteTable("inbound_mail", {
  messageId: text("message_id").primaryKey(),
  gameId: text("game_id").notNull(),
  seat: text("seat").notNull(),
  /** "claimed" while it is applied, then what became of it ("applied", "stale", "unreadable"...). */
  status: text("status").notNull(),
  receivedAt: integer("received_at").notNull(),
});

/** A game as the service reads it: everything but the log's tail (store/log.ts reads that). */
export type GameRow = Omit<typeof games.$inferSelect, "logTail">;
export type SeatRow = typeof seats.$inferSelect;
export type OutboxRow = typeof outbox.$inferInsert;
export type ChannelRow = typeof channels.$inferSelect;
