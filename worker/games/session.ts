import type { Deps } from "../deps";
import { liveTicket } from "../live/ticket";
import { seatOpened } from "../store/channels";
import { keepsSentMail } from "../mail/sent-record";
import type { SeatRow } from "../store/types";
import { channelView } from "./channels";
import type { Opened } from "./load";

/**
 * What a seat's own page gets besides the game: its held mails are dropped (it is looking), its
 * ticket to the live channel, its hold time and channels (a switched-off one is shown).
 */
export async function openSession(deps: Deps, opened: Opened, you: SeatRow) {
  const now = deps.now();
  const [{ channels }, live] = await Promise.all([
    // the address's own channels only with its proof (the Notifications panel): a link alone does not prove it
    seatOpened(deps.db, opened.game.id, you.seat, null, now, keepsSentMail(deps.env)),
    liveTicket(deps.env.TOKEN_SECRET, opened.game.id, you.seat, you.epoch, now),
  ]);
  return { holdMinutes: you.holdMinutes, channels: channels.map(channelView), live: { ...live, epoch: you.epoch } };
}

/** A spectator's ticket to the live channel: it names no seat (its page never makes anyone present). */
export async function spectatorTicket(deps: Deps, opened: Opened) {
  return { ...(await liveTicket(deps.env.TOKEN_SECRET, opened.game.id, "", 0, deps.now())), epoch: 0 };
}
