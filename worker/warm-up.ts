/**
 * Work done once when an isolate starts, before its first request. V8 compiles a function the
 * first time it runs, and on a fresh isolate that compiling, more than the work itself, is most
 * of a request's CPU (bench/README.md). The global scope has a startup budget of its own (1 s)
 * apart from a request's 10 ms, so the code the heavy requests run is run here once: the engine's
 * moves in every scenario, the routing and the request checks, then a game created and a move
 * submitted through the service as a request would (the computer moving inside both), with the
 * mail they write composed and sent, and a cron run.
 *
 * What the global scope allows shapes it: crypto.subtle, yes; I/O, timers, random values, an
 * AbortSignal and a Response with a body, no. So the service runs on a D1 that keeps nothing
 * (store/blank-d1.ts), with fixed ids and seed, and a transport that sends nothing but first
 * hands each mail to the Resend SDK, whose fetch the runtime refuses; the HTTP layer is only routed.
 * Nothing is stored or sent, and any failure is logged and only leaves the first request slower.
 */
import * as v from "valibot";
import { runCron } from "./cron";
import { makeDeps, type Deps } from "./deps";
import { newSeatRow } from "./store/rows";
import type { Env } from "./env";
import { rulesets } from "./engine/registry";
import { playEveryRuleset } from "./engine/warm-up";
import { rngFromSeed } from "./engine/rng";
import { isRuleError } from "./engine/ruleset";
import { seatToken } from "./auth";
import { botActionsPerRequest } from "./games/advance";
import { createGame } from "./games/create";
import { submitActions } from "./games/submit";
import { actionsSchema, createSchema } from "./http/schemas";
import { drainGame, sendClaimed } from "./mail/drain";
import { resendTransport, type Transport } from "./mail/transport";
import { blankD1 } from "./store/blank-d1";
import type { OutboxRecord } from "./store/outbox";
import { prepareHotStatements } from "./store/repository";
import type { GameRow, SeatRow } from "./store/types";

const ROUTES: readonly [string, string][] = [
  ["GET", "/api/games/warm/"],
  ["GET", "/api/games/warm"],
  ["POST", "/api/games"],
  ["POST", "/api/games/warm/actions"],
  ["POST", "/api/games/warm/continue"],
  ["GET", "/api/games/warm/log"],
];

const ENV = {
  APP_URL: "https://hexpost.invalid",
  MAIL_FROM: "hexpost <mail@hexpost.invalid>",
  TOKEN_SECRET: "warm-up: a secret nothing is signed with for real",
} as Env;

const SEED = "warm-up";
const PLAYER = "player@hexpost.invalid";

/** What the warm-up's transport was handed. */
interface Handed {
  /** Mails composed and handed to a transport that sends nothing. */
  mails: number;
  /** Of those, the ones the Resend SDK was also given, its request refused before it could leave. */
  resendCancelled: number;
}

/** What the warm-up did, for a test to check that it did it. */
export interface WarmUpReport extends Handed {
  /** The computer's actions played in every scenario. */
  played: number;
  /** The seq the warm-up's submission brought its game to. */
  submittedTo: number;
}

function abortedSignal(): AbortSignal | undefined {
  try {
    return AbortSignal.abort();
  } catch {
    return undefined;
  }
}

function warmDeps(handed: Handed): Deps {
  let n = 0;
  // The Resend SDK's code (its client, the request it builds) runs too, measured at about 5 ms
  // of a create's first mail. Its fetch never leaves: workerd refuses a fetch in the global
  // scope (and an AbortSignal too), elsewhere the signal is aborted before it starts; were
  // both allowed, the address is one that cannot resolve.
  const resend = resendTransport({ ...ENV, RESEND_API_KEY: "re_warm_up", RESEND_BASE_URL: "https://resend.invalid" }, abortedSignal());
  // takes every mail and sends none
  const nowhere: Transport = {
    name: "dev",
    send: async (mail) => {
      if (!(await resend.send(mail)).ok) handed.resendCancelled++;
      handed.mails++;
      return { ok: true, providerId: mail.id };
    },
  };
  return makeDeps({ ...ENV, DB: blankD1() }, blankD1(), {
    now: () => 0,
    newId: () => `warm-up-${n++}`,
    newGameId: () => `warmup${n++}`,
    newSeed: () => SEED,
    transport: nowhere,
  });
}

/** The heaviest create: DiceWars 25x25 with three computers moving first, then its mail. */
async function warmCreate(deps: Deps): Promise<void> {
  const created = await createGame(deps, {
    ruleset: "dicewars",
    scenario: "25x25",
    options: { players: 4 },
    seats: { p1: { bot: true }, p2: { bot: true }, p3: { bot: true }, p4: { email: PLAYER, name: "Warm" } },
    creator: "p4",
    clientIp: "warm-up",
  });
  await drainGame(deps, created.id);
  const invitation: OutboxRecord = {
    id: "warm-up-mail",
    gameId: created.id,
    seat: "p4",
    kind: "your_link",
    recipient: PLAYER,
    payload: { subject: "[hexpost] Warm-up", seat: "p4", epoch: 0, lines: ["A line."], deadline: 0, players: [{ seat: "p4", name: "Warm", bot: false }] },
    channelId: null,
    held: 0,
    status: "pending",
    attempts: 1,
    nextAttemptAt: 0,
    firstAttemptAt: 0,
    providerId: null,
    sentAt: null,
    lastError: null,
    createdAt: 0,
  };
  await sendClaimed(deps, [invitation], 0);
}

/**
 * The heaviest move: the Soviet setup in Battle for Moscow, the computer's German moves after it.
 * The game is put in the isolate's copy (deps.cache) as a create leaves it in D1, so the
 * submission goes the way a real one does when the isolate holds the game.
 */
async function warmSubmit(deps: Deps): Promise<number> {
  const ruleset = deps.rulesets.get("moscow")!;
  const rng = rngFromSeed(SEED);
  const options = ruleset.parseOptions(undefined);
  const state = ruleset.setup("standard", options, rng);
  const seatNames = ruleset.seats("standard", options);
  if (isRuleError(state) || isRuleError(seatNames)) throw new Error("warm-up: Battle for Moscow's standard scenario did not set up");
  const game: GameRow = {
    id: "warmupmove",
    ruleset: ruleset.id,
    scenario: "standard",
    options: {},
    state,
    seq: 0,
    toAct: ruleset.toAct(state),
    status: "active",
    outcome: null,
    seed: SEED,
    seedCommitment: "",
    hoursPerTurn: 72,
    deadline: 0,
    sittingFrom: 0,
    reminded: 0,
    deadlineNoticed: 0,
    botsWaiting: 0,
    version: 0,
    pausedUntil: null,
    proposal: null,
    rematch: null,
    rematchOf: null,
    watcher: null,
    createdAt: 0,
    updatedAt: 0,
  };
  const seat = (name: string, bot: boolean): SeatRow => newSeatRow({ gameId: game.id, seat: name, name, email: bot ? null : PLAYER, bot: bot ? 1 : 0, vacationLeft: 0 });
  const human = game.toAct[0]!;
  deps.cache.set(game.id, { game, seats: seatNames.map((s) => seat(s, s !== human)), sitting: [] });
  const token = await seatToken(ENV.TOKEN_SECRET, game.id, human, 0);
  const submitted = await submitActions(deps, { gameId: game.id, token, seq: 0, actions: [ruleset.bot(state, human, rng)] });
  await drainGame(deps, game.id);
  return submitted.seq;
}

async function warmService(played: number): Promise<WarmUpReport> {
  const handed: Handed = { mails: 0, resendCancelled: 0 };
  const deps = warmDeps(handed);
  await warmCreate(deps);
  const submittedTo = await warmSubmit(deps);
  // the cron's own reads (waiting bots, due timers, due mail): a cold isolate often starts for it
  const cron = await runCron(deps);
  if (cron.errors.length > 0) throw new Error(cron.errors.join("; "));
  return { played, submittedTo, ...handed };
}

/** Returns the asynchronous part's promise (already caught: null if it failed), for a test to wait on. */
export function warmUp(router: { match(method: string, path: string): unknown }): Promise<WarmUpReport | null> {
  try {
    // one request's worth: playing four (a game's later phases too) left the first request
    // slower, not faster (bench/README.md), likely collecting the warm-up's garbage
    const played = playEveryRuleset(rulesets, botActionsPerRequest);
    for (const [method, path] of ROUTES) router.match(method, path);
    v.safeParse(createSchema, { ruleset: "moscow", scenario: "standard", seats: { german: { email: "a@example.com" } }, creator: "german" });
    v.safeParse(actionsSchema, { seq: 1, actions: [{ type: "end_phase" }] });
    prepareHotStatements();
    return warmService(played).catch((error) => (console.error("warm-up", error), null));
  } catch (error) {
    // a warm-up that fails only leaves the first request slower
    console.error("warm-up", error);
    return Promise.resolve(null);
  }
}
