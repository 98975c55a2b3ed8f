/** The page's only door to the Worker: typed fetches and errors a player can read. */

import type { Outcome } from "../worker/engine/ruleset";
import type { gameView, logEntry, publicSeat } from "../worker/games/views";
import type { rematchView } from "../worker/games/rematch";
import type { ChannelKind, ChannelScope, ChannelsAnswer, ChannelView } from "../worker/games/channels";
import type { openSession } from "../worker/games/session";

// The wire types are the worker's own (type-only imports: nothing of the worker is bundled).
export type { Outcome };
export type SeatView = ReturnType<typeof publicSeat>;

/** GET /api/games/:id, with the state typed by the ruleset's page. */
type SeatSession = Awaited<ReturnType<typeof openSession>>;
type BaseView = ReturnType<typeof gameView>;
/** A seat's own read also carries its session: hold time, channels and its live ticket (worker/games/session.ts). */
export type GameView<S = unknown> = Omit<BaseView, "state" | "you"> & {
  state: S;
  rematch: RematchView | null;
  you?: NonNullable<BaseView["you"]> & Partial<SeatSession>;
  /** The ticket to the live channel, the seat's or a spectator's (seat ""); null once the game is over. */
  live?: SeatSession["live"] | null;
  /** Present when the read asked `after`: the log's first page after it. */
  log?: LogPage;
};

/** After the game: who asked to play again, and the new game (with your seat's link) once it started. */
export type RematchView = NonNullable<Awaited<ReturnType<typeof rematchView>>>;

/** What a proposal to pause or resume, or an answer to one, left: the pause and the open proposal. */
export interface PauseAnswer {
  seq: number;
  pausedUntil: number | null;
  proposal: GameView["proposal"];
}

export type { ChannelKind, ChannelScope, ChannelsAnswer, ChannelView };

/** A channel to add: this device's push subscription, or a webhook's URL. */
export type NewChannel = { kind: "push"; subscription: PushSubscriptionJSON; scope?: ChannelScope } | { kind: Exclude<ChannelKind, "push">; url: string; scope?: ChannelScope };

/** "Send a test": what the channel's receiver answered. */
export type ChannelTest = { ok: true; status: number } | { ok: false; status: number | null; reason: string };

export interface GameEventJson {
  kind: string;
  [field: string]: unknown;
}

/** One turn of GET /api/games/:id/log. */
export type LogEntry = Omit<ReturnType<typeof logEntry>, "events" | "lines"> & { events: GameEventJson[]; lines?: string[] };
/** A page of the log: `start` only when read from the beginning; more pages follow while the last entry is before `seq`. */
export interface LogPage {
  seq?: number;
  start?: unknown;
  entries: LogEntry[];
}

/** What a move's answer says of the game (POST actions, POST continue); a repeated key's answer has fewer. */
type MovedFields = Partial<Pick<GameView, "turn" | "phase" | "summary" | "owed" | "deadline">>;

export interface Submitted<S = unknown> extends MovedFields {
  seq: number;
  events: GameEventJson[];
  lines?: string[];
  /** The turns the request wrote, the seat's own and the computer's (`by` says whose), as the log has them. */
  entries?: LogEntry[];
  state: S;
  toAct: string[];
  status?: "active" | "finished";
  outcome?: Outcome | null;
  replayed?: boolean;
  /** The computer has more to play than one request may: the page asks it to go on. */
  botsWaiting?: boolean;
}

/** POST /continue: what the computer played (as a move's answer), or `continued: false` when nothing waited. */
export type Continued<S = unknown> = ({ continued: true } & Submitted<S>) | { continued: false; seq: number; toAct: string[]; status: "active" | "finished"; botsWaiting: boolean; entries: LogEntry[] };

export interface RulesetInfo {
  id: string;
  title: string;
  scenarios: { id: string; title: string; line: string; seats?: string[]; seatTitles?: Record<string, string> }[];
  options: { name: string; title: string; line: string; choices: (string | number)[]; default: string | number; defaultBetweenHumans?: string | number }[];
  seats?: string[];
}

/** An error with a sentence for people; `code` and `status` for the page's own decisions. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly index?: number,
  ) {
    super(message);
  }
}

const PLAIN: Record<string, string> = {
  network: "Could not reach hexpost. Check your connection and try again.",
  unauthorized: "This link is not valid for this game any more. Open the newest email about the game.",
  wrong_player: "It is not your move right now.",
  not_found: "There is no such game. Check the link in your email.",
  stale_seq: "The game has moved on since this page was loaded.",
  game_over: "This game has ended.",
  too_large: "That was too much to send at once.",
  rate_limited: "Too many requests. Wait a little and try again.",
  bad_batch: "Dice are rolled only at the end of a batch; the page should have sent this differently. Reload and try again.",
  server: "Something went wrong on the server. Try again in a moment.",
};

export function plainMessage(err: unknown): string {
  if (err instanceof ApiError) {
    // Rule errors (422) carry the ruleset's own sentence, which names units and hexes.
    if (err.status === 422 && err.code !== "bad_batch") return err.message;
    return PLAIN[err.code] ?? (err.message && err.status < 500 ? err.message : PLAIN.server!);
  }
  return PLAIN.server!;
}

async function call<T>(method: string, path: string, body?: unknown, token?: string | null, extra?: Record<string, string>): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch {
    throw new ApiError(0, "network", PLAIN.network!);
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok && res.status !== 304) {
    const e = (data ?? {}) as { error?: string; message?: string; details?: Record<string, unknown>; index?: number };
    const code = e.error ?? (res.status >= 500 ? "server" : `http_${res.status}`);
    throw new ApiError(res.status, code, e.message ?? PLAIN[code] ?? PLAIN.server!, e.details, e.index);
  }
  // 204 (a channel removed) has no body by design; 304 (nothing moved) neither
  if (res.status === 204) return undefined as T;
  if (res.status === 304) return null as T;
  if (data === null) throw new ApiError(res.status, "server", PLAIN.server!);
  return data as T;
}

const g = (id: string) => `/api/games/${encodeURIComponent(id)}`;
const withAfter = (path: string, after: number | undefined) => (after === undefined ? path : `${path}?after=${after}`);

export const api = {
  rulesets: () => call<{ rulesets: RulesetInfo[] }>("GET", "/api/rulesets"),
  /** `you` is null when the computer plays every seat: `watch` is the spectator's link. */
  create: (body: unknown) => call<{ id: string; seats: SeatView[]; you: { seat: string; token: string; url: string } | null; watch: string }>("POST", "/api/games", body),
  /** With `after` (the last seq of the log the page holds), the answer's `log` brings the entries since. */
  game: <S>(id: string, token?: string | null, after?: number) => call<GameView<S>>("GET", withAfter(g(id), after), undefined, token),
  /** The game if it moved past `seq`, else null (a 304: the server answers that without reading the game). */
  gameIfMoved: <S>(id: string, token: string | null, seq: number, after?: number) =>
    call<GameView<S> | null>("GET", withAfter(g(id), after), undefined, token, { "If-None-Match": `W/"s${seq}"` }),
  /** From the start (after = 0) the answer carries `start`, the position the game began from. */
  log: (id: string, after = 0) => call<LogPage>("GET", `${g(id)}/log?after=${after}`),
  claimTimeout: (id: string, token: string) => call<unknown>("POST", `${g(id)}/claim-timeout`, {}, token),
  actions: <S>(id: string, token: string, seq: number, actions: unknown[], key?: string) =>
    call<Submitted<S>>("POST", `${g(id)}/actions`, { seq, actions }, token, key ? { "Idempotency-Key": key } : undefined),
  legal: (id: string, token: string, query: Record<string, string> = {}) =>
    call<unknown>("GET", `${g(id)}/legal?${new URLSearchParams(query)}`, undefined, token),
  /** The computer goes on where a request's budget stopped it. */
  continue: <S>(id: string, token: string | null) => call<Continued<S>>("POST", `${g(id)}/continue`, {}, token),
  resign: (id: string, token: string) => call<unknown>("POST", `${g(id)}/resign`, {}, token),
  prefs: (id: string, token: string, prefs: string) => call<unknown>("PUT", `${g(id)}/prefs`, { prefs }, token),
  exportUrl: (id: string) => `${g(id)}/export`,
  /** Vacation for `days` (1-14), or 0 to come back now. */
  vacation: (id: string, token: string, days: number) => call<{ vacationUntil: number | null; vacationDaysLeft: number }>("PUT", `${g(id)}/vacation`, { days }, token),
  /** Proposes a pause until `until` (ms since epoch); it starts when every human agrees. */
  pause: (id: string, token: string, until: number) => call<PauseAnswer>("POST", `${g(id)}/pause`, { until }, token),
  /** Proposes to end the pause now. */
  resume: (id: string, token: string) => call<PauseAnswer>("POST", `${g(id)}/resume`, {}, token),
  answerProposal: (id: string, token: string, agree: boolean) => call<PauseAnswer>("POST", `${g(id)}/proposal`, { agree }, token),
  /** After the game: asks to play again, or (accept false) declines. */
  rematch: (id: string, token: string, accept = true) => call<{ rematch: RematchView }>("POST", `${g(id)}/rematch`, { accept }, token),
  /** The seat's push and webhook channels, its hold time and the server's VAPID key. */
  channels: (id: string, token: string) => call<ChannelsAnswer>("GET", `${g(id)}/channels`, undefined, token, proofHeader(id)),
  /** `secret` comes once, for a json webhook: it signs every request's body. */
  addChannel: (id: string, token: string, channel: NewChannel) => call<{ channel: ChannelView; secret?: string }>("POST", `${g(id)}/channels`, channel, token, proofHeader(id)),
  removeChannel: (id: string, token: string, channelId: string) => call<void>("DELETE", `${g(id)}/channels/${encodeURIComponent(channelId)}`, undefined, token, proofHeader(id)),
  testChannel: (id: string, token: string, channelId: string) => call<ChannelTest>("POST", `${g(id)}/channels/${encodeURIComponent(channelId)}/test`, undefined, token, proofHeader(id)),
  /** How long a turn's mail waits for the seat to look (0-1440 minutes). */
  holdMinutes: (id: string, token: string, holdMinutes: number) => call<{ seat: string; prefs: string; holdMinutes: number }>("PUT", `${g(id)}/prefs`, { holdMinutes }, token),
  /** Mails the address its games; the answer is the same whatever the address. */
  myGames: (email: string) => call<{ message: string }>("POST", "/api/my-games", { email }),
};

/**
 * What a mail's link asked the page to open (`#t=...&do=vacation`), read once when the page loads,
 * before takeToken clears the fragment.
 */
export const linkIntent: string | null = typeof location === "undefined" ? null : new URLSearchParams(location.hash.replace(/^#/, "")).get("do");

/** The seat token: taken from `#t=`, kept per game in localStorage, and removed from the address bar. */
export function takeToken(gameId: string): string | null {
  const key = `hexpost:t:${gameId}`;
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const fromHash = hash.get("t");
  if (fromHash) {
    try {
      localStorage.setItem(key, fromHash);
      // a mailed link proves the address it went to (for channels serving all its games)
      const proof = hash.get("a");
      if (proof) localStorage.setItem(`hexpost:a:${gameId}`, proof);
    } catch {
      /* private mode: keep it for this page only */
    }
    history.replaceState(history.state, "", location.pathname + location.search);
    return fromHash;
  }
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The address proof a mailed link carried for this game, if the page was opened from one. */
export function addressProofOf(gameId: string): string | null {
  try {
    return localStorage.getItem(`hexpost:a:${gameId}`);
  } catch {
    return null;
  }
}

/** Channel calls carry the address proof, when there is one: it shows the address's own channels. */
const proofHeader = (id: string): Record<string, string> => {
  const proof = addressProofOf(id);
  return proof ? { "X-Address-Proof": proof } : {};
};

export function forgetToken(gameId: string): void {
  try {
    localStorage.removeItem(`hexpost:t:${gameId}`);
  } catch {
    /* nothing kept */
  }
}

export function randomKey(): string {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
