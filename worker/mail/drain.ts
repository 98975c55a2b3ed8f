import { everyShard, forGame, hereAndHome } from "../store/shards";
import type { MailDeps } from "./deps";
import { claimDue, insertRows, lookupForSending, recordResults, type OutboxRecord, type SendResultRow } from "../store/outbox";
import { activeGamesOf, channelOutcomeWrites, channelsById, recordChannelOutcomes, claimHeldWith, dropHeldReached, type ChannelOutcome } from "../store/channels";
import { MAX_CHANNEL_FAILURES } from "../notify/delivery";
import { sendOnChannel } from "../notify/send";
import type { ChannelRow } from "../store/types";
import { composeMail, type MailRow } from "./compose";
import { composeDigests } from "./digest";
import { nextDigestAt } from "./handover";
import { noticeOf } from "./notice";
import { payloadOf, TURN_KINDS, type MailPayload } from "./payload";
import { transportFor, type SendResult, type Transport } from "./transport";
import { LEASE_MS, takeClaimed } from "./claimed";
import { fallbackMails, withoutFallback } from "./fallback";
import { keepsSentMail } from "./sent-record";

export { LEASE_MS };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Tries per message, the first included. */
export const MAX_ATTEMPTS = 10;
export const RETRY_BASE_MS = MINUTE;
export const RETRY_CAP_MS = 4 * HOUR;
/**
 * Resend remembers an Idempotency-Key for 24 h. Retries stop long before that (the whole
 * schedule, 1 + 2 + 4 + ... + 240 minutes, is about 8 h), so a retry can never send twice.
 */
export const GIVE_UP_AFTER_MS = 12 * HOUR;
/** Sends in flight at once (a Worker may hold 6 connections open). */
const CONCURRENCY = 4;
/**
 * decision: an address playing this many active games gets its held turn mail as one digest a
 * day (push and webhooks still go at once; owed choices, reminders and results are not held).
 */
export const DIGEST_FROM_GAMES = 3;
/**
 * Held mail that the daily budget turns into the digest: a turn only (the digest lists the
 * games awaiting the address, so it would say nothing of an owed choice, a proposal or an offer).
 */
const BUDGETED_KINDS: readonly string[] = ["your_turn"];

/** The wait after the n-th failed try (n >= 1). */
export function backoff(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_CAP_MS);
}

export interface DrainReport {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  /** Not sent on purpose: the seat unsubscribed meanwhile, an empty digest, a digest merged into another. */
  skipped: number;
}

export const emptyReport = (): DrainReport => ({ claimed: 0, sent: 0, retried: 0, failed: 0, skipped: 0 });

type Claimed = OutboxRecord;

/** Claims up to `limit` due rows for this drainer (see store/outbox.ts claimDue). */
const claim = (deps: MailDeps, now: number, limit: number, only: { gameId?: string; id?: string } = {}): Promise<Claimed[]> =>
  claimDue(deps.db, now, LEASE_MS, limit, only);

type Outcome =
  | { row: Claimed; kind: "sent"; providerId: string; payload?: MailPayload; mailKind?: string }
  | { row: Claimed; kind: "retry"; at: number; reason: string; payload?: MailPayload; mailKind?: string }
  | { row: Claimed; kind: "failed"; reason: string; payload?: MailPayload; mailKind?: string }
  | { row: Claimed; kind: "skipped"; reason: string; payload?: MailPayload }
  | { row: Claimed; kind: "to_digest"; at: number };

function afterFailure(row: Claimed, now: number, result: Extract<SendResult, { ok: false }>, payload?: MailPayload): Outcome {
  if (!result.retry) return { row, kind: "failed", reason: result.reason, payload };
  const first = row.firstAttemptAt ?? now;
  const delay = Math.min(Math.max(backoff(row.attempts), result.retryAfterMs ?? 0), RETRY_CAP_MS);
  if (row.attempts >= MAX_ATTEMPTS) return { row, kind: "failed", reason: `gave up after ${row.attempts} tries: ${result.reason}`, payload };
  if (now + delay - first > GIVE_UP_AFTER_MS) {
    return { row, kind: "failed", reason: `gave up: the next try would fall outside the provider's idempotency window: ${result.reason}`, payload };
  }
  return { row, kind: "retry", at: now + delay, reason: result.reason, payload };
}

async function deliver(deps: MailDeps, transport: Transport, row: Claimed, payload: MailPayload, now: number, mailKind = row.kind): Promise<Outcome> {
  const mailRow: MailRow = { ...row, kind: mailKind, payload };
  let composed;
  try {
    composed = await composeMail(deps.env, mailRow);
  } catch (e) {
    return { row, kind: "failed", reason: `could not compose: ${String((e as Error)?.message ?? e)}`.slice(0, 500) };
  }
  const result = await transport.send({ ...composed, id: row.id, kind: mailKind, gameId: row.gameId, seat: row.seat });
  const changed = payload !== row.payload ? payload : undefined;
  const kind = mailKind !== row.kind ? { mailKind } : {};
  if (result.ok) return { row, kind: "sent", providerId: result.providerId, payload: changed, ...kind };
  console.error(`mail ${row.id} (${mailKind} to game ${row.gameId}) try ${row.attempts}: ${result.reason}`);
  return { ...afterFailure(row, now, result, changed), ...kind } as Outcome;
}

/** A notice on a push or webhook channel; what became of it is also the channel's record. */
async function deliverToChannel(deps: MailDeps, row: Claimed, channel: ChannelRow | undefined, now: number, channelOutcomes: ChannelOutcome[]): Promise<Outcome> {
  if (!channel) return { row, kind: "skipped", reason: "skipped: the channel was removed" };
  if (channel.disabledAt !== null) return { row, kind: "skipped", reason: "skipped: the channel is switched off" };
  if (!row.gameId || !row.seat) return { row, kind: "failed", reason: "a channel notice needs its game and seat" };
  const notice = { ...(await noticeOf(deps.env, { ...row, gameId: row.gameId, seat: row.seat }, row.createdAt)), id: row.id };
  const result = await sendOnChannel(deps.env, channel, notice);
  if (result.ok) {
    channelOutcomes.push({ id: channel.id, result: "ok" });
    return { row, kind: "sent", providerId: `${channel.kind}:${result.status}` };
  }
  if (result.gone) {
    channelOutcomes.push({ id: channel.id, result: "gone" });
    return { row, kind: "failed", reason: `the push subscription is gone (${result.reason}): channel removed` };
  }
  channelOutcomes.push({ id: channel.id, result: "failed", reason: result.reason, maxFailures: MAX_CHANNEL_FAILURES, now });
  console.error(`${channel.kind} notice ${row.id} (${row.kind} to game ${row.gameId}) try ${row.attempts}: ${result.reason}`);
  return afterFailure(row, now, { ok: false, retry: result.retry, status: result.status, reason: result.reason, ...(result.retryAfterMs !== undefined ? { retryAfterMs: result.retryAfterMs } : {}) });
}

/** Held mails of one game and seat, oldest first, said as one: the newest's kind, every line. */
export function collapseHeld(rows: readonly Pick<Claimed, "kind" | "payload" | "createdAt">[]): { kind: string; payload: MailPayload } {
  const sorted = [...rows].sort((a, b) => a.createdAt - b.createdAt);
  const newest = sorted.at(-1)!;
  const payload = payloadOf(newest);
  if (sorted.length === 1) return { kind: newest.kind, payload };
  const lines = sorted.flatMap((r) => payloadOf(r).lines ?? []);
  const moves = sorted.filter((r) => r.kind === "your_turn" || r.kind === "choice_owed").length;
  return { kind: newest.kind, payload: { ...payload, lines: lines.slice(-60), ...(lines.length > 60 ? { moreLines: lines.length - 60 } : {}), ...(moves > 1 ? { collapsed: moves } : {}) } };
}

async function pool<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/** Sends the claimed rows and records every result in one batch. */
export async function sendClaimed(deps: MailDeps, rows: Claimed[], now: number): Promise<DrainReport> {
  const report = emptyReport();
  report.claimed = rows.length;
  if (rows.length === 0) return report;
  const transport = deps.transport ?? transportFor(deps.env);

  // What changed since the rows were written: a seat that bounced or unsubscribed, the seed
  // of a game-over mail written without it. Primary-key reads only.
  const seatKeys = rows.filter((r) => r.gameId && r.seat && r.kind !== "digest");
  const seedless = rows.filter((r) => r.kind === "game_over" && r.gameId && !(r.payload as { seed?: string }).seed).map((r) => r.gameId!);
  const { seatRows, seedRows } = await lookupForSending(
    deps.db,
    seatKeys.map((r) => r.gameId!),
    seedless,
  );
  const seatState = new Map(seatRows.map((s) => [`${s.gameId}\u0000${s.seat}`, s]));
  const seeds = new Map(seedRows.map((g) => [g.id, g.seed]));

  // Digests are composed when due (every game then awaiting the address), then frozen.
  const digests = await composeDigests(deps, rows.filter((r) => r.kind === "digest"), now);

  // Held mail: the seat's later held mails of the same game go with it, as one; an address with
  // many games gets them in its daily digest instead.
  const heldKey = (r: Claimed) => `${r.gameId}\u0000${r.seat}`;
  const leaders = new Map<string, Claimed>();
  for (const r of rows) if (r.held === 1 && r.channelId === null && r.gameId && r.seat && !leaders.has(heldKey(r))) leaders.set(heldKey(r), r);
  const held = [...leaders.values()];
  const siblings = await claimHeldWith(deps.db, held.map((r) => ({ gameId: r.gameId!, seat: r.seat!, id: r.id })), now, LEASE_MS);
  const budgeted = held.filter((r) => BUDGETED_KINDS.includes(r.kind));
  // an address's games may be on every shard; its address channels are at home (store/shards.ts)
  const gamesOf = new Map<string, number>();
  for (const counts of budgeted.length ? await everyShard(deps.shards, (db) => activeGamesOf(db, budgeted.map((r) => r.recipient))) : []) {
    for (const [email, n] of counts) gamesOf.set(email, (gamesOf.get(email) ?? 0) + n);
  }
  const channelIds = rows.flatMap((r) => (r.channelId ? [r.channelId] : []));
  const channelRows = (await Promise.all(hereAndHome(deps).map((db) => channelsById(db, channelIds)))).flat();
  const channelMap = new Map(channelRows.map((c) => [c.id, c]));
  const channelOutcomes: ChannelOutcome[] = [];

  const outcomes = await pool(rows, CONCURRENCY, async (row): Promise<Outcome> => {
    const frozen = payloadOf(row);
    if (row.attempts > MAX_ATTEMPTS || (row.firstAttemptAt !== null && now - row.firstAttemptAt > GIVE_UP_AFTER_MS)) {
      return { row, kind: "failed", reason: `gave up after ${row.attempts - 1} tries (the last ones never reported back)` };
    }
    if (row.channelId) return deliverToChannel(deps, row, channelMap.get(row.channelId), now, channelOutcomes);
    if (row.kind === "digest") {
      const d = digests.get(row.id);
      if (!d || d.kind === "merged") return { row, kind: "skipped", reason: d ? `merged into ${d.into}` : "skipped: nothing to list" };
      if (d.kind === "empty") return { row, kind: "skipped", reason: "skipped: no game awaits this address any more" };
      return deliver(deps, transport, row, d.payload, now);
    }
    const seat = row.gameId && row.seat ? seatState.get(`${row.gameId}\u0000${row.seat}`) : undefined;
    if (seat?.undeliverable === 1) return { row, kind: "failed", reason: "not sent: the address bounced or complained (seat marked undeliverable)" };
    if (seat?.prefs === "none" && TURN_KINDS.includes(row.kind)) return { row, kind: "skipped", reason: "skipped: the seat unsubscribed from turn mails" };
    let payload = frozen;
    if (row.kind === "game_over" && !frozen.seed && row.gameId && seeds.has(row.gameId)) payload = { ...frozen, seed: seeds.get(row.gameId)! };
    if (row.held === 1) {
      const leader = leaders.get(heldKey(row));
      if (leader && leader !== row) return { row, kind: "skipped", reason: `merged into ${leader.id}` };
      const mine = [...siblings, ...rows.filter((x) => x !== row && x.held === 1 && x.channelId === null)].filter((x) => heldKey(x) === heldKey(row));
      const budgeted = [row, ...mine].every((x) => BUDGETED_KINDS.includes(x.kind));
      if (budgeted && (gamesOf.get(row.recipient) ?? 0) >= DIGEST_FROM_GAMES) return { row, kind: "to_digest", at: nextDigestAt(now) };
      if (mine.length > 0) {
        const one = collapseHeld([row, ...mine]);
        return deliver(deps, transport, row, one.payload, now, one.kind);
      }
    }
    return deliver(deps, transport, row, payload, now);
  });

  // a notice none of whose channels reached the seat now has its held mail written (mail/fallback.ts)
  const fallback = fallbackMails(
    outcomes.filter((o) => o.row.channelId !== null).map((o) => ({ row: o.row, reached: o.kind === "sent" })),
    deps.newId,
  );
  const results: SendResultRow[] = [];
  const keepSent = keepsSentMail(deps.env);
  for (const o of outcomes) {
    if (fallback.settled.has(o.row.id) && o.kind !== "to_digest") o.payload = withoutFallback(o.payload ?? o.row.payload) as MailPayload;
    if (o.kind === "to_digest") {
      report.skipped++;
      results.push({ row: o.row, set: { kind: "digest", held: 0, writtenClaimed: 0, leasedUntil: 0, nextAttemptAt: o.at, attempts: 0, firstAttemptAt: null, lastError: `moved to the daily digest: the address plays ${DIGEST_FROM_GAMES} or more games` } });
      continue;
    }
    const payload = { ...(o.payload ? { payload: o.payload } : {}), ...(o.kind !== "skipped" && o.mailKind ? { kind: o.mailKind } : {}) };
    if (o.kind === "sent") {
      report.sent++;
      // decision: a notice a push or webhook channel took leaves no row (the channel's own record
      // says it works); a mail too, unless sent mail is kept (mail/sent-record.ts: the dev mailbox)
      if (o.row.channelId || !keepSent) results.push({ row: o.row, delivered: true });
      else results.push({ row: o.row, set: { status: "sent", providerId: o.providerId, sentAt: now, lastError: null, ...payload } });
    } else if (o.kind === "skipped") {
      report.skipped++;
      if (!keepSent) results.push({ row: o.row, delivered: true });
      else results.push({ row: o.row, set: { status: "sent", providerId: null, sentAt: now, lastError: o.reason, ...payload } });
    } else if (o.kind === "retry") {
      report.retried++;
      // back in the index of due rows, where the cron finds a retry (a row written claimed was not)
      results.push({ row: o.row, set: { nextAttemptAt: o.at, leasedUntil: 0, lastError: o.reason, writtenClaimed: 0, ...payload } });
    } else {
      report.failed++;
      console.error(`mail ${o.row.id} (${o.row.kind} to game ${o.row.gameId}) failed: ${o.reason}`);
      results.push({ row: o.row, set: { status: "failed", lastError: o.reason, ...payload } });
    }
  }
  // Digest rows of the same addresses that came due but were not claimed here are merged too.
  const merged = [...digests].flatMap(([id, d]) => (d.kind === "send" ? [{ into: id, recipient: d.recipient }] : []));
  // the held mails that went with another (or into the digest with it) are done
  for (const x of siblings) {
    const into = held.find((r) => r.gameId === x.gameId && r.seat === x.seat);
    if (!keepSent) results.push({ row: x, delivered: true });
    else results.push({ row: x, set: { status: "sent", providerId: null, sentAt: now, lastError: `merged into ${into?.id ?? "another held mail"}` } });
  }
  // decision: a notice that reached its seat by push or webhook makes its held mail unneeded
  const reached = outcomes.flatMap((o) => (o.kind === "sent" && o.row.channelId && o.row.gameId && o.row.seat ? [{ gameId: o.row.gameId, seat: o.row.seat, upTo: o.row.createdAt }] : []));
  const atHome = (o: ChannelOutcome) => deps.db !== deps.shards.home && channelMap.get(o.id)?.gameId === null;
  await Promise.all([
    recordResults(deps.db, results, merged, now, keepSent, [
      ...insertRows(deps.db, fallback.mails),
      ...channelOutcomeWrites(deps.db, channelOutcomes.filter((o) => !atHome(o))),
      ...dropHeldReached(deps.db, reached, now, keepSent),
    ]),
    recordChannelOutcomes(deps.shards.home, channelOutcomes.filter(atHome)),
    // the address's digest rows on the other shards came due too: this digest lists their games
    ...(merged.length ? deps.shards.all.filter((db) => db !== deps.db).map((db) => recordResults(db, [], merged, now, keepSent)) : []),
  ]);
  return report;
}

/**
 * Sends what one game's last change wrote, right after the response (ctx.waitUntil): the rows
 * this isolate's commit wrote already claimed (mail/claimed.ts), else the game's due rows,
 * claimed now. Rows another drainer holds are left alone; whatever fails here is retried by the cron.
 */
export async function drainGame(anyShard: MailDeps, gameId: string, limit = 20): Promise<DrainReport> {
  const deps = forGame(anyShard, gameId);
  const now = deps.now();
  const mine = takeClaimed(deps.cache, gameId);
  return sendClaimed(deps, mine.length > 0 ? mine : await claim(deps, now, limit, { gameId }), now);
}

/** Sends one row right after the response (a mail that belongs to no game); the cron retries it. */
export async function drainMail(deps: MailDeps, id: string): Promise<DrainReport> {
  const now = deps.now();
  return sendClaimed(deps, await claim(deps, now, 1, { id }), now);
}

/** The cron's pass: the oldest due rows of every game, at most `limit` (the outbox_due index). */
export async function drainDue(deps: MailDeps, limit: number): Promise<DrainReport> {
  const now = deps.now();
  return sendClaimed(deps, await claim(deps, now, limit), now);
}
