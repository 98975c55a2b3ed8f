/** The Worker's bindings and configuration (wrangler.toml [vars], secrets, .dev.vars). */
export interface Env {
  /** Shard 0 of the games' D1 databases; DB_1 … DB_<N-1> are the others (store/shards.ts). */
  DB: D1Database;
  /** How many D1 shards hold games (default 1): bindings DB, DB_1, …, DB_<N-1>. */
  D1_SHARDS?: string;
  [shard: `DB_${number}`]: D1Database | undefined;
  ASSETS?: Fetcher;
  /** R2: the exports of archived games (games/archive.ts); without it nothing is archived. */
  ARCHIVE?: R2Bucket;
  /** Days a finished game stays whole in D1 before it is archived (default 30). */
  ARCHIVE_AFTER_DAYS?: string;
  /** Days a sent (or failed) mail's row stays in the outbox before the cron deletes it (default 7). */
  SENT_MAIL_KEEP_DAYS?: string;
  APP_URL: string;
  MAIL_FROM: string;
  /** The domain replies to mails with a menu go to (play+<opaque>@MAIL_DOMAIN); default: MAIL_FROM's domain. */
  MAIL_DOMAIN?: string;
  /** The receiving server whose Authentication-Results a reply must carry (its authserv-id); default mx.cloudflare.net. */
  MAIL_AUTHSERV_ID?: string;
  /** "true" only in local development: enables the dev mailbox and fixed seeds. */
  DEV_MODE?: string;
  TOKEN_SECRET: string;
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
  RESEND_WEBHOOK_SECRET?: string;
  /** Abuse limits; defaults in http/rate-limit.ts. */
  RATE_GAMES_PER_HOUR?: string;
  RATE_INVITES_PER_DAY?: string;
  /** One LiveGame Durable Object per game with a page open (worker/live). */
  LIVE?: DurableObjectNamespace;
  /** Web Push (RFC 8292): the public key pages subscribe with, the private key as a JWK (JSON), and a contact (mailto:). Dev mode has fixed dev keys. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_JWK?: string;
  VAPID_SUBJECT?: string;
}

export const isDevMode = (env: Env): boolean => env.DEV_MODE === "true";

/** A number of days set in the environment (0 included) as milliseconds, else `fallback` days. */
export function daysInMs(setting: string | undefined, fallback: number): number {
  const days = Number(setting ?? fallback);
  return (Number.isFinite(days) && days >= 0 ? days : fallback) * 86_400_000;
}
