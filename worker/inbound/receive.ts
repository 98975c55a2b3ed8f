/**
 * A reply to a mail with a menu, from Email Routing's email() event to its answer mail:
 * 1. size (64 KB) and the address (play+<opaque>: an HMAC over kind, game, seat, epoch, seq);
 * 2. the block list and the seat's reply limit, before anything is answered;
 * 3. the sender: only the seat's own address (folded as the block list folds it), with SPF or
 *    DKIM passing for its domain;
 * 4. the Message-ID, claimed once (a D1 primary key);
 * 5. the reply's own text read against the menu at the seq it was made for, and applied as one
 *    submission (apply.ts); the answer mail says what was done, or in one line why not.
 * Refusals before the sender is known bounce (setReject) and mail nobody: an answer goes only
 * to the seat's own address, never to the From of a message that may be forged.
 */
import PostalMime, { type Email } from "postal-mime";
import { forGame, type Deps } from "../deps";
import { isDevMode } from "../env";
import { addressKey } from "../games/addresses";
import { ServiceError } from "../games/errors";
import { openGame, type Opened } from "../games/load";
import { turnMenu } from "../mail/menu";
import { readReplyAddress, replyAddressValid, type ReplyRef } from "../mail/reply-address";
import { claimMessageId, claimMessageIdAlone, releaseMessageId, settleMessageId, wasClaimed } from "../store/inbound";
import { queueMail } from "../store/outbox";
import { admit } from "../store/rate-limit";
import { answerMail } from "./answer";
import { applyPicks, standingMenu } from "./apply";
import { dropHeldOnReply } from "../store/channels";
import { keepsSentMail } from "../mail/sent-record";
import { checkAuthenticity, receiverOf, receiverResults } from "./authenticity";
import { readReply } from "./read";
import { replyText } from "./text";

/** decision: a reply is a few words; 64 KB leaves room for a quoted mail and an HTML part. */
export const MAX_REPLY_BYTES = 64 * 1024;
/** decision: replies a seat may send an hour; each may write a mail back, so it is bounded. */
export const REPLIES_PER_HOUR = 20;
const HOUR = 3_600_000;

/** The parts of Cloudflare's ForwardableEmailMessage the handler uses. */
export interface InboundMessage {
  readonly from: string;
  readonly to: string;
  readonly raw: ReadableStream<Uint8Array>;
  readonly rawSize: number;
  setReject(reason: string): void;
}

export type InboundStatus =
  | "applied"
  | "too_large"
  | "not_ours"
  | "malformed"
  | "bad_address"
  | "blocked"
  | "rate_limited"
  | "wrong_sender"
  | "unauthenticated"
  | "no_message_id"
  | "replayed"
  | "stale"
  | "unreadable"
  | "not_on_menu"
  | "refused";

export interface Received {
  status: InboundStatus;
  /** The game whose mail must now go out (the answer, the hand-over), if any was written. */
  gameId: string | null;
  /** Whether an answer mail was written to the seat. */
  answered: boolean;
}

const bounce = (message: InboundMessage, status: InboundStatus, reason: string): Received => {
  message.setReject(reason);
  return { status, gameId: null, answered: false };
};

const singleFrom = (email: Email): string | null => {
  if (email.headers.filter((h) => h.key === "from").length !== 1) return null;
  const from = email.from;
  return from && !from.group && from.address && from.address.includes("@") ? from.address : null;
};

async function opened(deps: Deps, ref: ReplyRef): Promise<Opened | null> {
  try {
    return await openGame(deps, ref.gameId, null, { forChange: true });
  } catch (e) {
    if (e instanceof ServiceError && e.status === 404) return null;
    throw e;
  }
}

export async function receiveReply(anyShard: Deps, message: InboundMessage): Promise<Received> {
  if (message.rawSize > MAX_REPLY_BYTES) return bounce(message, "too_large", `A reply to hexpost is at most 64 KB; this one is ${message.rawSize} bytes.`);
  const ref = readReplyAddress(message.to);
  if (!ref) return bounce(message, "not_ours", "No such address: hexpost takes replies only at the address a mail with a menu gave.");
  const deps = forGame(anyShard, ref.gameId);

  const bytes = new Uint8Array(await new Response(message.raw).arrayBuffer());
  if (bytes.length > MAX_REPLY_BYTES) return bounce(message, "too_large", "A reply to hexpost is at most 64 KB.");
  let email: Email;
  try {
    email = await PostalMime.parse(bytes, { maxNestingDepth: 20, maxHeadersSize: 32 * 1024 });
  } catch {
    return bounce(message, "malformed", "The message could not be read as a mail (malformed MIME).");
  }

  const game = await opened(deps, ref);
  const seat = game?.seats.find((s) => s.seat === ref.seat && s.bot === 0);
  if (!game || !seat || !seat.email || !(await replyAddressValid(deps.env, ref, seat.epoch))) {
    return bounce(message, "bad_address", "This reply address is not valid (the mail may be for a link that was replaced).");
  }
  const now = deps.now();
  const seatKey = addressKey(seat.email);
  // who sent it is judged now (no I/O), so that the Message-ID of a trusted reply is claimed in
  // the admission's own round trip
  const from = singleFrom(email);
  const sender = !!from && addressKey(from) === seatKey;
  const authentic = sender ? checkAuthenticity(receiverResults(email.headers, receiverOf(deps.env)), from!, message.from, isDevMode(deps.env)) : null;
  const messageId = email.messageId?.trim();
  const claimRow = sender && authentic?.ok && messageId ? { messageId, gameId: game.game.id, seat: seat.seat, at: now } : null;
  const claim = claimRow ? [claimMessageId(deps.db, claimRow)] : [];
  const limits = [{ name: `reply:${seatKey}`, max: REPLIES_PER_HOUR, windowMs: HOUR }];
  // the limits and the block list are home's, the Message-ID the game's shard's (store/shards.ts): one round trip when they are one
  const [admission, claimed] =
    deps.db === deps.shards.home
      ? await admit(deps.db, limits, [seatKey], now, claim).then((a) => [a, wasClaimed(a.alongside[0])] as const)
      : await Promise.all([admit(deps.shards.home, limits, [seatKey], now), claimRow ? claimMessageIdAlone(deps.db, claimRow) : false]);
  if (admission.blocked.length || admission.exceeded) {
    // refused unread: a Message-ID claimed meanwhile is given back, so the same reply may come again later
    if (messageId && claimed) await releaseMessageId(deps.db, messageId);
    // an address that asked for no mail from hexpost gets none, an answer included
    if (admission.blocked.length) return bounce(message, "blocked", "This address asked hexpost not to mail it: replies are not taken from it.");
    return bounce(message, "rate_limited", `Too many replies from this address this hour (${REPLIES_PER_HOUR}); try again later.`);
  }

  const you = { ...game, you: seat } satisfies Opened;
  const answerOf = { game: game.game, seats: game.seats, ruleset: game.ruleset, seat, now, newId: deps.newId };
  const currentMenu = () => (game.game.status === "active" ? turnMenu(game.ruleset, game.game.state, seat.seat, game.game.seq) : null);
  /** Nothing is played: the seat hears why (with the menu of now, if it may move now). */
  const refuse = async (status: InboundStatus, line: string, claimed: string | null): Promise<Received> => {
    const answer = answerMail(answerOf, { done: [], refused: line, menu: status === "wrong_sender" || status === "unauthenticated" ? null : currentMenu() });
    if (claimed) await settleMessageId(deps.db, claimed, status, answer);
    else if (answer) await queueMail(deps.db, answer);
    return { status, gameId: game.game.id, answered: answer !== null };
  };

  if (!sender) {
    return refuse("wrong_sender", `A reply from another address${from ? ` (${from})` : ""} was refused: only this seat's own address may answer its mail. Nothing was played.`, null);
  }
  if (!authentic!.ok) return refuse("unauthenticated", `${authentic!.line} Nothing was played.`, null);
  if (!messageId) return refuse("no_message_id", "The reply had no Message-ID, so it could not be applied safely. Nothing was played.", null);
  if (!claimed) {
    // the first delivery was answered; a copy (a replay, or a redelivery) changes nothing and says nothing
    return { status: "replayed", gameId: null, answered: false };
  }
  // the game as just read is the isolate's copy: the submission reads nothing more (its commit
  // checks the copy's version, as for any cached game)
  deps.cache.set(game.game.id, { game: game.game, seats: game.seats, sitting: game.sitting });

  try {
    const standing = standingMenu(you, ref, now);
    if (!standing.ok) return await refuse("stale", standing.line, messageId);
    const reading = readReply(replyText(email), standing.menu);
    if (!reading.ok) return await refuse(reading.why, reading.line, messageId);
    const applied = await applyPicks(deps, you, standing.menu, reading.picks, messageId);
    if (!applied.ok) {
      const after = await openGame(deps, game.game.id, null);
      const answer = answerMail({ ...answerOf, game: after.game }, { done: [], refused: applied.line, menu: after.game.status === "active" ? turnMenu(after.ruleset, after.game.state, seat.seat, after.game.seq) : null });
      await settleMessageId(deps.db, messageId, applied.status, answer);
      return { status: applied.status, gameId: game.game.id, answered: answer !== null };
    }
    // the next menu if it is still this seat's move (the isolate's copy is the committed game)
    const cached = deps.cache.get(game.game.id);
    const after = cached ?? (await openGame(deps, game.game.id, null));
    const menu = after.game.status === "active" ? turnMenu(game.ruleset, after.game.state, seat.seat, after.game.seq) : null;
    const answer = answerMail({ ...answerOf, game: after.game, seats: after.seats }, { done: applied.done, lines: applied.lines, menu });
    await settleMessageId(deps.db, messageId, "applied", answer);
    // its held mails of the game say what it just read and answered
    await dropHeldOnReply(deps.db, game.game.id, seat.seat, now, keepsSentMail(deps.env));
    return { status: "applied", gameId: game.game.id, answered: answer !== null };
  } catch (e) {
    // a failure of ours, not the reply's: give the Message-ID back so a redelivery may try again
    await releaseMessageId(deps.db, messageId);
    throw e;
  }
}
