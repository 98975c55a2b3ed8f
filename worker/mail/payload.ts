import type { Outcome } from "../engine/ruleset";
import type { MailMenu } from "./menu";

/**
 * The kinds of mail. Turn kinds stop when a seat chooses `none`; invitations, a creator's
 * own link and game-over mails go to everyone.
 */
export type MailKind = "invitation" | "your_link" | "your_turn" | "reminder" | "deadline" | "game_over" | "digest" | "eliminated" | "choice_owed" | "my_games" | "pause" | "rematch" | "watching" | "vacation" | "reply";

/** A pause proposed, agreed by everyone, or declined (frozen when the mail is written). */
export interface PauseNews {
  what: "pause_proposed" | "resume_proposed" | "declined" | "paused" | "resumed";
  /** Who proposed, declined, or gave the last agreement. */
  by: string;
  until?: number;
}

/** A rematch offered or declined, or started once everyone asked for it. */
export interface RematchNews {
  what: "offered" | "declined" | "started";
  by: string;
}

/** reply: the answer to a reply by mail (worker/inbound): what it did, or in one line why not. */
export interface ReplyNews {
  /** The menu's choices the reply picked, as labels; [] when nothing was done. */
  done: string[];
  /** Why nothing was done (stale turn, not on the menu, unreadable, refused sender...). */
  refused?: string;
}

/** One game of an address, as "my games" lists it (frozen when the mail is written). */
export interface MyGameEntry {
  gameId: string;
  seat: string;
  epoch: number;
  rulesetTitle: string;
  status: "active" | "finished";
  /** The seat must move now. */
  yourMove: boolean;
  /** The seats the game waits for, as players read them. */
  waitingFor: string[];
  deadline: number | null;
  updatedAt: number;
}

export const TURN_KINDS: readonly string[] = ["your_turn", "choice_owed", "reminder", "deadline"];

export interface PlayerInfo {
  seat: string;
  name: string;
  bot: boolean;
  /** The seat as players read it ("USA"), frozen with the mail; older rows have none (seatTitle then). */
  title?: string;
}

/** One game awaiting an address, as a digest lists it (frozen when the digest is composed). */
export interface DigestEntry {
  gameId: string;
  seat: string;
  epoch: number;
  subject: string;
  deadline: number | null;
}

/**
 * Everything a mail needs, frozen in the outbox row when it is written: sending only
 * formats it, so a retry sends byte for byte the same message. Tokens are never stored:
 * the link is derived from (game, seat, epoch) when the mail is rendered. A type, not an
 * interface, so that it is the outbox row's JSON object as it stands (store/schema.ts).
 */
export type MailPayload = {
  /** The game's one subject for its whole life. */
  subject: string;
  seat: string;
  epoch: number;
  /** The recipient's own name in this game. */
  name?: string;
  rulesetTitle?: string;
  scenarioTitle?: string;
  players?: PlayerInfo[];
  /** What happened since the recipient's last move, one line each (describe()). */
  lines: string[];
  /** Lines left out to keep the mail short (the game page has them all). */
  moreLines?: number;
  deadline: number | null;
  hoursPerTurn?: number | null;
  /** Names of other seats whose address bounced or complained: they get no mail from us. */
  undeliverable?: string[];
  /** Seats that must act now. */
  toActNames?: string[];
  /** invitation, your_link: whether the recipient moves first. */
  toAct?: boolean;
  inviter?: string;
  /** choice_owed: what is being asked. */
  owed?: string;
  outcome?: Outcome | null;
  /** game_over: the revealed seed. */
  seed?: string;
  /** deadline: names of the late seats, whether the recipient is one, and what a claim does. */
  late?: string[];
  isLate?: boolean;
  claim?: "win" | "computer";
  /** digest: composed when the digest is due, then frozen. */
  digest?: DigestEntry[];
  /** my_games: every game the address plays, active first. */
  myGames?: MyGameEntry[];
  /** my_games: the push and webhook channels that serve every game of the address. */
  addressChannels?: { kind: string; target: string; disabled: boolean }[];
  pause?: PauseNews;
  rematch?: RematchNews;
  /** vacation: who went away, and until when (null: back early). */
  vacation?: { by: string; until: number | null };
  /** A numbered menu to answer by reply (Reply-To play+<opaque>@MAIL_DOMAIN), with the seq it was made for. */
  menu?: MailMenu;
  reply?: ReplyNews;
  /**
   * Held mails of one game to one seat that went out as this one (this one included), when
   * more than one: e.g. 3 when three moves were handed over while the seat was away.
   */
  collapsed?: number;
  /**
   * On a push or webhook notice whose mail would have been held: when that held mail is due. The
   * mail is written only if the notice fails to reach the seat (mail/fallback.ts).
   */
  fallbackMailAt?: number;
};

/** An outbox row's payload read back: the one place the stored JSON is taken for what mail wrote there. */
export const payloadOf = (row: { payload: Record<string, unknown> }): MailPayload => row.payload as MailPayload;
