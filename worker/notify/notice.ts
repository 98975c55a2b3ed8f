/** What every channel says about one notice, frozen when the notice is written. */
export interface Notice {
  gameId: string;
  /** snake_case, e.g. "your_turn", "choice_owed", "reminder", "game_over", "test" */
  kind: string;
  /** e.g. "Battle for Moscow #7k2f: your move" */
  title: string;
  /** one line of what happened, e.g. "Olga moved 3 units; your move (Germany)" */
  line: string;
  /** the seat's link, e.g. https://host/g/abcd#t=TOKEN: a secret, never log it */
  url: string;
  /** ms since epoch */
  at: number;
  /**
   * The delivery's id (its outbox row): the same on every try, so a receiver can drop a repeat
   * (a drainer that dies between sending and recording sends again once its lease ends).
   */
  id?: string;
}

/**
 * How one delivery went. `gone`: the push service says the subscription no longer exists
 * (404/410), so the channel should be deleted. `retry`: worth trying again later (429, 5xx,
 * network errors and timeouts); any other 4xx will fail the same way again.
 */
export type ChannelResult =
  | { ok: true; status: number }
  | { ok: false; retry: boolean; gone: boolean; status: number | null; reason: string; retryAfterMs?: number };

/** Retry-After as delay-seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The result of an HTTP answer. `goneOn` lists the statuses that mean "this channel is dead"
 * (push only: a webhook's 404 may be a typo the owner fixes, so it is a plain failure there).
 */
export async function resultOf(res: Response, goneOn: readonly number[]): Promise<ChannelResult> {
  const status = res.status;
  const said = scrub(await headOf(res)).trim().slice(0, 200);
  if (status >= 200 && status < 300) return { ok: true, status };
  const gone = goneOn.includes(status);
  const retry = !gone && (status === 429 || status >= 500);
  const after = retry ? retryAfterMs(res.headers.get("retry-after")) : undefined;
  const reason = `HTTP ${status}${said ? `: ${said}` : ""}`;
  return { ok: false, retry, gone, status, reason, ...(after === undefined ? {} : { retryAfterMs: after }) };
}

/**
 * The start of an answer's body (for a failure's reason), the rest cancelled: a webhook may
 * point anywhere, and what answers must not make us read megabytes.
 */
async function headOf(res: Response, max = 1024): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    /* a body cut short is still an answer */
  }
  await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(Math.min(size, max));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
  }
  return new TextDecoder().decode(bytes);
}

/** A failure before any request left (bad key, refused input): trying again changes nothing. */
export function refused(reason: string): ChannelResult {
  return { ok: false, retry: false, gone: false, status: null, reason: scrub(reason) };
}

/** Push endpoints and webhook URLs are credentials: keep them out of anything that may be logged. */
export function scrub(text: string): string {
  return text.replace(/\bhttps?:\/\/\S+/gi, "<url>");
}

/** A request that never got an answer (refused, reset, timed out): always worth a retry. */
export function networkFailure(e: unknown): ChannelResult {
  const name = e instanceof Error ? e.name : "";
  // a message may quote the URL, and a webhook's or a seat's URL is a secret
  const message = scrub(e instanceof Error ? e.message : String(e)).slice(0, 200);
  const reason = name === "TimeoutError" || name === "AbortError" ? "timed out" : `network error: ${message}`;
  return { ok: false, retry: true, gone: false, status: null, reason };
}
