import type { AnyRuleset } from "../engine/ruleset";
import type { GameRow, OutboxRow, SeatRow } from "../store/types";
import { basePayload, cleanName, mailable, outboxRow, type Handover } from "./handover";
import { rematchMenu } from "./menu";

interface OldGame {
  game: GameRow;
  seats: readonly SeatRow[];
  ruleset: AnyRuleset;
  now: number;
  newId: () => string;
}

/** A rematch offered (to the humans yet to ask) or declined (to those who had asked), in the old game's thread. */
export function rematchMails(g: OldGame, by: SeatRow, what: "offered" | "declined", to: readonly string[]): OutboxRow[] {
  const h = { gameId: g.game.id, rulesetTitle: g.ruleset.title, seats: g.seats, lines: [], deadline: null, toActAfter: [], hoursPerTurn: g.game.hoursPerTurn };
  return g.seats
    .filter((s) => s.seat !== by.seat && to.includes(s.seat) && mailable(s))
    .map((s) => outboxRow({ id: g.newId(), gameId: g.game.id, now: g.now }, s, "rematch", { ...basePayload(h, s), rematch: { what, by: cleanName(by.name) }, ...(what === "offered" ? { menu: rematchMenu(g.game.seq) } : {}) }));
}

/** The new game's first mail to every human: their new seat's link, which starts its thread. */
export function rematchStartMails(h: Handover & { hoursPerTurn: number | null }, by: SeatRow): OutboxRow[] {
  return h.seats
    .filter(mailable)
    .map((s) =>
      outboxRow({ id: h.newId(), gameId: h.gameId, now: h.now }, s, "your_link", {
        ...basePayload(h, s),
        hoursPerTurn: h.hoursPerTurn,
        toAct: h.toActAfter.includes(s.seat),
        rematch: { what: "started", by: cleanName(by.name) },
      }),
    );
}
