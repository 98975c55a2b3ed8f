/**
 * Work done once when an isolate starts, before its first request. V8 compiles a function the
 * first time it runs, and on a fresh isolate that compiling, more than the work itself, is most
 * of a request's CPU (bench/README.md: 15-21 ms cold against 2-5 warm). The global scope has a
 * startup budget of its own (1 s) apart from a request's 10 ms, so the code every request runs
 * is run here once: the engine's moves, the routing, the request checks, the SQL text, the dice
 * streams and a whole mail (crypto.subtle is allowed here; I/O, timers and random values are not).
 * Nothing is stored: only made-up input.
 */
import * as v from "valibot";
import { rulesets } from "./engine/registry";
import { playEveryRuleset } from "./engine/warm-up";
import { botActionsPerRequest } from "./games/advance";
import { actionsSchema, createSchema } from "./http/schemas";
import { prepareHotStatements } from "./store/repository";
import type { Env } from "./env";
import { composeMail, type MailRow } from "./mail/compose";
import { seedStreams } from "./play/dice";

const ROUTES: readonly [string, string][] = [
  ["GET", "/api/games/warm/"],
  ["GET", "/api/games/warm"],
  ["POST", "/api/games"],
  ["POST", "/api/games/warm/actions"],
  ["POST", "/api/games/warm/continue"],
  ["GET", "/api/games/warm/log"],
];

const ENV = { APP_URL: "https://hexpost.invalid", MAIL_FROM: "hexpost <mail@hexpost.invalid>", TOKEN_SECRET: "warm-up" } as Env;

const INVITATION: MailRow = {
  id: "warm-up",
  gameId: "warm-up",
  seat: "german",
  kind: "invitation",
  recipient: "player@hexpost.invalid",
  createdAt: 0,
  payload: { subject: "[hexpost] Warm-up", seat: "german", epoch: 0, lines: ["A line."], deadline: 0, players: [{ seat: "german", name: "A", bot: false }] },
};

/** The asynchronous part: its promises settle right after the global scope, still before any request. */
async function warmCrypto(): Promise<void> {
  const streams = await seedStreams("warm-up");
  await streams.setup();
  await streams.action(0, 0);
  await composeMail(ENV, INVITATION);
}

/** Returns the asynchronous part's promise (already caught), for a test to wait on. */
export function warmUp(router: { match(method: string, path: string): unknown }): Promise<void> {
  try {
    playEveryRuleset(rulesets, botActionsPerRequest);
    for (const [method, path] of ROUTES) router.match(method, path);
    v.safeParse(createSchema, { ruleset: "moscow", scenario: "standard", seats: { german: { email: "a@example.com" } }, creator: "german" });
    v.safeParse(actionsSchema, { seq: 1, actions: [{ type: "end_phase" }] });
    prepareHotStatements();
    return warmCrypto().catch((error) => console.error("warm-up", error));
  } catch (error) {
    // a warm-up that fails only leaves the first request slower
    console.error("warm-up", error);
    return Promise.resolve();
  }
}
