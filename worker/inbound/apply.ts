/**
 * A read reply applied as ONE submission through the page's own services: a turn's picks as
 * one batch (submit.ts: the seq lock, the Idempotency-Key, the no-peeking rule), an answer to
 * a proposal (pause.ts) or to a rematch (rematch.ts). Their refusals come back as values.
 */
import { seatToken } from "../auth";
import type { Deps } from "../deps";
import { addressKey } from "../games/addresses";
import { describeTurn } from "../games/describe";
import { ServiceError } from "../games/errors";
import type { Opened } from "../games/load";
import { openProposal, requestPause } from "../games/pause";
import { requestRematch } from "../games/rematch";
import { submitActions } from "../games/submit";
import { turnMenu, type MailMenu } from "../mail/menu";
import type { ReplyRef } from "../mail/reply-address";

export type Applied = { ok: true; done: string[]; lines: string[] } | { ok: false; status: "stale" | "refused"; line: string };

/** The menu the reply answers, as the mail showed it, if it still stands; else why not. */
export function standingMenu(opened: Opened, ref: ReplyRef, now: number): { ok: true; menu: MailMenu } | { ok: false; line: string } {
  const { game, ruleset, you } = opened;
  const stale = { ok: false as const, line: "This mail's menu is for an earlier moment of the game: it has moved on since. Reply to the newest mail, or open the game." };
  if (ref.kind === "rematch") {
    if (game.status !== "finished" || game.seq !== ref.seq) return stale;
    const offer = game.rematch;
    if (!offer || offer.gameId || offer.agreed.length === 0) return { ok: false, line: "There is no rematch offer open to answer now." };
    return { ok: true, menu: { kind: "rematch", seq: ref.seq, items: [{ label: "Play again", agree: true }, { label: "Decline", agree: false }] } };
  }
  if (game.status === "finished") return { ok: false, line: "The game has ended: nothing more can be played in it." };
  if (game.seq !== ref.seq) return stale;
  if (ref.kind === "pause") {
    const open = openProposal(game, now);
    if (!open || open.agreed.includes(you!.seat)) return { ok: false, line: "There is no proposal waiting for your answer now." };
    return { ok: true, menu: { kind: "pause", seq: ref.seq, items: [{ label: "Agree", agree: true }, { label: "Decline", agree: false }] } };
  }
  const menu = turnMenu(ruleset, game.state, you!.seat, game.seq);
  return menu ? { ok: true, menu } : { ok: false, line: "It is not your move now, so the reply was not played." };
}

const refusal = (e: unknown): Applied => {
  if (!(e instanceof ServiceError)) throw e;
  if (e.code === "stale_seq") return { ok: false, status: "stale", line: `Another move was stored first: ${e.message}. Nothing was played.` };
  const which = e.index !== undefined ? `Choice ${e.index + 1} of your reply could not be played` : "The reply could not be played";
  return { ok: false, status: "refused", line: `${which}: ${e.message}. Nothing was played.` };
};

export async function applyPicks(deps: Deps, opened: Opened, menu: MailMenu, picks: readonly number[], messageId: string): Promise<Applied> {
  const you = opened.you!;
  const items = picks.map((p) => menu.items[p - 1]!);
  const done = picks.map((p, i) => `${p}  ${items[i]!.label}`);
  try {
    if (menu.kind === "turn") {
      const token = await seatToken(deps.env.TOKEN_SECRET, opened.game.id, you.seat, you.epoch);
      // the Message-ID is the Idempotency-Key: a redelivered reply answers as the first did
      const result = await submitActions(deps, { gameId: opened.game.id, token, seq: menu.seq, actions: items.map((i) => i.action), idempotencyKey: `mail:${messageId}`.slice(0, 200) });
      return { ok: true, done, lines: result.lines };
    }
    if (menu.kind === "pause") {
      const result = await requestPause(deps, opened, { kind: "answer", agree: items[0]!.agree === true });
      return { ok: true, done, lines: describeTurn(opened.ruleset, { service: "answer_proposal", events: result.events }) };
    }
    // a rematch the reply starts counts against the address, as a page's would against its IP
    await requestRematch(deps, opened, items[0]!.agree === true, `mail:${addressKey(you.email ?? "")}`);
    return { ok: true, done, lines: [] };
  } catch (e) {
    return refusal(e);
  }
}
