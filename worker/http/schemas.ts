import * as v from "valibot";
import { BOT_LEVELS } from "../engine/strong";

/** The edge checks only envelopes; what is inside an action is the ruleset's to judge. */
const seatSpec = v.strictObject({
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254), v.email("must be an email address"))),
  name: v.optional(v.pipe(v.string(), v.maxLength(40, "must be at most 40 characters"))),
  bot: v.optional(v.boolean()),
  /** The computer's level on a bot seat (worker/engine/strong). */
  level: v.optional(v.picklist(BOT_LEVELS, `must be one of ${BOT_LEVELS.map((l) => `"${l}"`).join(", ")}`)),
});

/** Keys a JSON object may hold but a JavaScript record silently drops or trips over. */
const RESERVED_KEYS = ["__proto__", "constructor", "prototype"];

/** A JSON object (not an array, no reserved key) whose values `value` checks. */
const objectOf = <V extends v.GenericSchema>(what: string, value: V) =>
  v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => typeof input === "object" && input !== null && !Array.isArray(input) && !Object.keys(input).some((k) => RESERVED_KEYS.includes(k)),
      `${what} must be an object (not an array) with no key named ${RESERVED_KEYS.join(", ")}`,
    ),
    v.record(v.pipe(v.string(), v.maxLength(40)), value),
  );

/** Whether a parsed JSON value holds a reserved key at any depth (an inline scenario is a tree of objects). */
function holdsReservedKey(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsReservedKey);
  return Object.keys(value).some((k) => RESERVED_KEYS.includes(k) || holdsReservedKey((value as Record<string, unknown>)[k]));
}

export const createSchema = v.strictObject({
  ruleset: v.pipe(v.string(), v.maxLength(40)),
  scenario: v.union([
    v.pipe(v.string(), v.maxLength(40)),
    v.pipe(
      v.custom<Record<string, unknown>>((input) => typeof input === "object" && input !== null && !Array.isArray(input), "must be a scenario id or an inline scenario object"),
      v.check((input) => !holdsReservedKey(input), `an inline scenario may hold no key named ${RESERVED_KEYS.join(", ")}, at any depth`),
      v.record(v.string(), v.unknown()),
    ),
  ]),
  options: v.optional(objectOf("options", v.union([v.string(), v.number()]))),
  hoursPerTurn: v.optional(v.nullable(v.number())),
  seats: objectOf("seats", seatSpec),
  /** The creator's human seat; omitted when the computer plays every seat. */
  creator: v.optional(v.pipe(v.string(), v.maxLength(20))),
  /** With no creator: an address that gets the game's start and result by mail. */
  watcher: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254), v.email("must be an email address"))),
  seed: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(128))),
});

export const actionsSchema = v.strictObject({
  seq: v.pipe(v.number(), v.integer(), v.minValue(0)),
  actions: v.pipe(
    v.array(v.looseObject({ type: v.pipe(v.string(), v.minLength(1), v.maxLength(40)) })),
    v.minLength(1, "must hold at least one action"),
    v.maxLength(200, "must hold at most 200 actions"),
  ),
});

export const ordersSchema = v.strictObject({
  orders: objectOf("orders", v.nullable(v.pipe(v.string(), v.maxLength(40)))),
});

export const logQuerySchema = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, "must be a whole number"), v.transform(Number))),
});

export type CreateBody = v.InferOutput<typeof createSchema>;
export type ActionsBody = v.InferOutput<typeof actionsSchema>;

export const myGamesSchema = v.strictObject({
  email: v.pipe(v.string(), v.trim(), v.maxLength(254), v.email("must be an email address")),
});

export const vacationSchema = v.strictObject({
  /** Whole days from now (1 to 14), or 0 to come back now. */
  days: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(14)),
});

export const pauseSchema = v.strictObject({
  /** When the pause ends (ms since epoch): one hour to 30 days from now. */
  until: v.pipe(v.number(), v.integer()),
});

export const answerSchema = v.strictObject({
  agree: v.boolean(),
});

export const rematchSchema = v.strictObject({
  /** false declines the offer; omitted or true offers or accepts it. */
  accept: v.optional(v.boolean()),
});

/** A push subscription or a webhook for your seat, or for every game of your address. */
export const channelSchema = v.strictObject({
  kind: v.picklist(["push", "discord", "slack", "ntfy", "json"], "must be push, discord, slack, ntfy or json"),
  scope: v.optional(v.picklist(["seat", "address"], "must be seat or address")),
  /** discord, slack, ntfy, json: where to POST (https; at most 2 KB). */
  url: v.optional(v.unknown()),
  /** push: the browser's PushSubscription.toJSON(): {endpoint, keys: {p256dh, auth}}. */
  subscription: v.optional(v.unknown()),
});

/** Your seat's mail settings: turn mail (every turn, a daily digest, none) and how long a notice's mail waits for you to look (minutes, 0 to 1440). */
export const prefsSchema = v.pipe(
  v.strictObject({
    prefs: v.optional(v.picklist(["every_turn", "digest", "none"], "must be every_turn, digest or none")),
    holdMinutes: v.optional(v.pipe(v.number(), v.integer("must be a whole number of minutes"), v.minValue(0, "must be 0 or more"), v.maxValue(1440, "must be at most 1440 (24 hours)"))),
  }),
  v.check((b) => b.prefs !== undefined || b.holdMinutes !== undefined, "give prefs, holdMinutes or both"),
);
