/**
 * The numbered menu some mails carry, so a player can answer by replying ("2", "1 3 end"):
 * built when the mail is written and frozen in its payload with the seq it was made for.
 * worker/inbound reads a reply against the same menu, rebuilt from the game at that seq
 * (legal() is pure: the same state gives the same menu).
 */
import type { AnyRuleset, LegalChoice, Seat } from "../engine/ruleset";

/** Menus number 1 to 9: one digit a choice, so "13" is never "1 and 3". */
export const MAX_MENU = 9;

/** turn: the seat's own turn or an owed choice (actions); pause: answer a proposal; rematch: answer an offer. */
export type MenuKind = "turn" | "pause" | "rematch";

export interface MenuItem {
  label: string;
  /** turn: the action, as legal() gave it. */
  action?: unknown;
  /** pause and rematch: yes or no. */
  agree?: boolean;
}

export interface MailMenu {
  kind: MenuKind;
  /** The game's seq the menu was made for: a reply applies only at that seq (turn menus). */
  seq: number;
  items: MenuItem[];
}

const item = (c: LegalChoice<unknown>): MenuItem => ({ label: c.label, action: c.action });

/**
 * The menu of `seat`'s move at `seq`: the ruleset's own mail menu if it has one, else legal()'s
 * choices when there are at most 9 of them; null when there is no short menu to offer.
 */
export function turnMenu(ruleset: AnyRuleset, state: unknown, seat: Seat, seq: number): MailMenu | null {
  if (!ruleset.toAct(state).includes(seat)) return null;
  const own = ruleset.mailMenu?.(state, seat);
  if (own) {
    const items = own.choices.slice(0, Math.min(own.limit, MAX_MENU)).map(item);
    return items.length ? { kind: "turn", seq, items } : null;
  }
  const { choices } = ruleset.legal(state, seat);
  if (choices.length === 0 || choices.length > MAX_MENU) return null;
  return { kind: "turn", seq, items: choices.map(item) };
}

export const pauseMenu = (seq: number): MailMenu => ({ kind: "pause", seq, items: [{ label: "Agree", agree: true }, { label: "Decline", agree: false }] });

export const rematchMenu = (seq: number): MailMenu => ({ kind: "rematch", seq, items: [{ label: "Play again", agree: true }, { label: "Decline", agree: false }] });

/** The menu as a mail shows it, one choice a line: "1  Retreat 7-4 to 0405". */
export const menuLines = (menu: MailMenu): string[] => menu.items.map((m, i) => `${i + 1}  ${m.label}`);
