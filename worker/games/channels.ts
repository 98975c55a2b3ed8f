/**
 * A seat's channels besides mail (Web Push, webhooks) and its hold time: listing, adding,
 * removing, and "send a test". A channel may serve this seat only or every game of the seat's
 * address, which needs the proof a mailed seat link carries (`a=`): a link alone proves nothing,
 * since a game's creator types its own seat's address and gets its link in the create's answer.
 */
import { hereAndHome, type Deps } from "../deps";
import { isDevMode } from "../env";
import { seatLink } from "../mail/links";
import { MAX_CHANNEL_FAILURES, MAX_CHANNELS_PER_SEAT } from "../notify/delivery";
import { checkWebhook, parsePushSubscription, type FieldError } from "../notify/endpoint";
import { sendOnChannel } from "../notify/send";
import { vapidFrom } from "../notify/vapid";
import { addressProof, base64url, constantTimeEqual } from "../auth";
import { addChannel, removeChannel, seatChannels } from "../store/channels";
import type { ChannelRow, SeatRow } from "../store/types";
import { ServiceError } from "./errors";
import { requireSeat, type Opened } from "./load";

export type ChannelKind = ChannelRow["kind"];
export type ChannelScope = "seat" | "address";

/** A channel as its seat sees it: never its secret, and only the host of its address. */
export interface ChannelView {
  id: string;
  kind: ChannelKind;
  scope: ChannelScope;
  /** Where it goes, e.g. "discord.com" or "push: fcm.googleapis.com". */
  target: string;
  failures: number;
  /** Switched off after MAX_CHANNEL_FAILURES failures in a row: add it again to switch it on. */
  disabled: boolean;
  lastError: string | null;
  createdAt: number;
}

export function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "?";
  }
}

export function channelView(c: ChannelRow): ChannelView {
  return {
    id: c.id,
    kind: c.kind,
    scope: c.gameId ? "seat" : "address",
    target: hostOf(c.endpoint),
    failures: c.failures,
    disabled: c.disabledAt !== null,
    lastError: c.lastError,
    createdAt: c.createdAt,
  };
}

export interface ChannelsAnswer {
  seat: string;
  /** The page holds a mailed link's proof of the seat's address: it may see and add channels for all its games. */
  addressProven: boolean;
  holdMinutes: number;
  /** What the page subscribes with (applicationServerKey); null when push is not set up. */
  vapidPublicKey: string | null;
  maxChannels: number;
  maxFailures: number;
  channels: ChannelView[];
}

/**
 * The seat's address, when the caller proved it (a mailed link's `a=`): a seat's link alone does
 * not, since the creator of a game types its own seat's address and gets its link in the answer.
 */
async function provenAddress(deps: Deps, opened: Opened, you: SeatRow, proof: string | null): Promise<string | null> {
  if (!you.email || !proof) return null;
  return constantTimeEqual(await addressProof(deps.env.TOKEN_SECRET, opened.game.id, you.seat, you.email), proof) ? you.email : null;
}

/** The seat's channels (on its game's shard) and its proven address's (at home), oldest first. */
async function bothShards(deps: Deps, opened: Opened, you: SeatRow, address: string | null): Promise<ChannelRow[]> {
  const found = await Promise.all(hereAndHome(deps).map((db) => seatChannels(db, opened.game.id, you.seat, address)));
  return found.flat().sort((a, b) => a.createdAt - b.createdAt);
}

export async function listChannels(deps: Deps, opened: Opened, proof: string | null): Promise<ChannelsAnswer> {
  const you = requireSeat(opened);
  const address = await provenAddress(deps, opened, you, proof);
  const rows = await bothShards(deps, opened, you, address);
  const vapid = vapidFrom(deps.env);
  return {
    seat: you.seat,
    addressProven: address !== null,
    holdMinutes: you.holdMinutes,
    vapidPublicKey: vapid.ok ? vapid.vapid.publicKey : null,
    maxChannels: MAX_CHANNELS_PER_SEAT,
    maxFailures: MAX_CHANNEL_FAILURES,
    channels: rows.map(channelView),
  };
}

export interface NewChannelInput {
  kind: ChannelKind;
  scope?: ChannelScope;
  url?: unknown;
  subscription?: unknown;
}

const refuse = (e: FieldError) => new ServiceError(400, "bad_request", `${e.field}: ${e.message}`, { field: e.field });

/** A secret for a generic webhook's signatures: 32 random bytes, shown once. */
const newSecret = () => `whk_${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;

export async function addSeatChannel(deps: Deps, opened: Opened, input: NewChannelInput, proof: string | null): Promise<{ channel: ChannelView; secret?: string }> {
  const you = requireSeat(opened);
  const production = !isDevMode(deps.env);
  const scope = input.scope ?? "seat";
  if (scope === "address" && !you.email) throw refuse({ ok: false, field: "scope", message: "this seat has no address: a channel can serve this seat only" });
  const address = await provenAddress(deps, opened, you, proof);
  if (scope === "address" && !address) {
    throw refuse({ ok: false, field: "scope", message: "a channel for all your games needs this game opened from a mail we sent to your address (its link proves the address): open the game from one of our mails and try again" });
  }
  let fields: { endpoint: string; p256dh?: string; auth?: string; secret?: string };
  if (input.kind === "push") {
    if (!vapidFrom(deps.env).ok) throw refuse({ ok: false, field: "kind", message: "push is not set up on this server (VAPID keys missing)" });
    const parsed = await parsePushSubscription(input.subscription, { production });
    if (!parsed.ok) throw refuse(parsed);
    fields = { endpoint: parsed.sub.endpoint, p256dh: parsed.sub.p256dh, auth: parsed.sub.auth };
  } else {
    const checked = checkWebhook({ kind: input.kind, url: input.url }, { production });
    if (!checked.ok) throw refuse(checked);
    fields = { endpoint: checked.url, ...(checked.kind === "json" ? { secret: newSecret() } : {}) };
  }
  const existing = await bothShards(deps, opened, you, address);
  const same = existing.find((c) => c.endpoint === fields.endpoint && (scope === "seat" ? c.gameId !== null : c.gameId === null));
  if (!same && existing.length >= MAX_CHANNELS_PER_SEAT) {
    throw refuse({ ok: false, field: "kind", message: `this seat already has ${existing.length} channels (its own and its address's; at most ${MAX_CHANNELS_PER_SEAT}): remove one first` });
  }
  const row = await addChannel(scope === "seat" ? deps.db : deps.shards.home, {
    id: deps.newId(),
    ...(scope === "seat" ? { gameId: opened.game.id, seat: you.seat, email: null } : { gameId: null, seat: null, email: address! }),
    kind: input.kind,
    createdAt: deps.now(),
    ...fields,
  });
  // a generic webhook's key is shown once, when it is made (adding it again shows it again)
  return { channel: channelView(row), ...(row.kind === "json" && row.secret ? { secret: row.secret } : {}) };
}

function owned(rows: readonly ChannelRow[], id: string): ChannelRow {
  const found = rows.find((c) => c.id === id);
  if (!found) throw new ServiceError(404, "not_found", `This seat has no channel ${id}`);
  return found;
}

export async function deleteSeatChannel(deps: Deps, opened: Opened, id: string, proof: string | null): Promise<void> {
  const you = requireSeat(opened);
  const address = await provenAddress(deps, opened, you, proof);
  const removed = await Promise.all(hereAndHome(deps).map((db) => removeChannel(db, id, { gameId: opened.game.id, seat: you.seat, email: address })));
  if (!removed.includes(true)) throw new ServiceError(404, "not_found", `This seat has no channel ${id}`);
}

/** "Send a test": at once, outside the outbox, and it changes nothing but what it reports. */
export async function testSeatChannel(deps: Deps, opened: Opened, id: string, proof: string | null) {
  const you: SeatRow = requireSeat(opened);
  const channel = owned(await bothShards(deps, opened, you, await provenAddress(deps, opened, you, proof)), id);
  const result = await sendOnChannel(deps.env, channel, {
    gameId: opened.game.id,
    kind: "test",
    title: `hexpost: a test of this ${channel.kind === "push" ? "device" : "webhook"}`,
    line: `Notices of ${opened.ruleset.title} #${opened.game.id.slice(0, 4)} will arrive like this one.`,
    url: await seatLink(deps.env, opened.game.id, you.seat, you.epoch),
    at: deps.now(),
  });
  return result.ok ? { ok: true as const, status: result.status } : { ok: false as const, status: result.status, reason: result.reason };
}
