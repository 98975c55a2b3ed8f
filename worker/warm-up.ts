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
import { makeDeps, type Deps, type DepsOptions } from "./deps";
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
import { GameCache } from "./store/game-cache";
import { noLive } from "./live/live";
import { createApp, type AppConfig } from "./http/app";
import { openCached } from "./games/load";
import { gameView } from "./games/views";
import { rematchView } from "./games/rematch";
import { openSession } from "./games/session";
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
  /** The statuses its own app answered: the skirmish create, a submission in it, the seat's page (404: blank D1 keeps no game). */
  requests: number[];
}

function abortedSignal(): AbortSignal | undefined {
  try {
    return AbortSignal.abort();
  } catch {
    return undefined;
  }
}

/** The warm-up's clock, ids, seed, transport and live page: fixed, sending nothing, nobody looking. */
function warmOptions(handed: Handed): DepsOptions {
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
  return {
    now: () => 0,
    newId: () => `warm-up-${n++}`,
    newGameId: () => `warmup${n++}`,
    newSeed: () => SEED,
    transport: nowhere,
    // the LIVE binding is never in the warm-up's env; said here too, so no Durable Object is ever asked
    live: noLive,
  };
}

function warmDeps(handed: Handed, secret: string): Deps {
  return makeDeps({ ...ENV, TOKEN_SECRET: secret, DB: blankD1() }, blankD1(), warmOptions(handed));
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
    writtenClaimed: 1,
    leasedUntil: 0,
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
 * A game put in the isolate's copy (a cache) as a create leaves it in D1, the seat on move a
 * person's and every other the computer's, so a submission goes the way a real one does when
 * the isolate holds the game.
 */
function cachedGame(cache: GameCache, rulesetId: string, scenario: string, id: string): { game: GameRow; human: string } {
  const ruleset = rulesets.get(rulesetId)!;
  const rng = rngFromSeed(SEED);
  const options = ruleset.parseOptions(undefined);
  const state = ruleset.setup(scenario, options, rng);
  const seatNames = ruleset.seats(scenario, options);
  if (isRuleError(state) || isRuleError(seatNames)) throw new Error(`warm-up: ${rulesetId}'s ${scenario} did not set up`);
  const game: GameRow = {
    id,
    ruleset: ruleset.id,
    scenario,
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
    archivedAt: null,
    timerAt: null,
  };
  const seat = (name: string, bot: boolean): SeatRow => newSeatRow({ gameId: game.id, seat: name, name, email: bot ? null : PLAYER, bot: bot ? 1 : 0 });
  const human = game.toAct[0]!;
  cache.set(game.id, { game, seats: seatNames.map((s) => seat(s, s !== human)), sitting: [] });
  return { game, human };
}

/** The human's move chosen by the engine's bot, from the fixed seed. */
const humanMove = (game: GameRow, seat: string) => rulesets.get(game.ruleset)!.bot(game.state, seat, rngFromSeed(SEED));

/** The heaviest move: the Soviet setup in Battle for Moscow, the computer's German moves after it. */
async function warmSubmit(deps: Deps): Promise<number> {
  const { game, human } = cachedGame(deps.cache, "moscow", "standard", "warmupmove");
  const token = await seatToken(deps.env.TOKEN_SECRET, game.id, human, 0);
  const submitted = await submitActions(deps, { gameId: game.id, token, seq: 0, actions: [humanMove(game, human)] });
  await drainGame(deps, game.id);
  return submitted.seq;
}

/**
 * A request for the warm-up's app. The global scope refuses a Request with a body, so the JSON
 * body is handed to hono as the request's text (hono's json() reads text() and parses it).
 */
function warmRequest(method: string, path: string, token: string, json?: unknown): Request {
  const headers = new Headers({ authorization: `Bearer ${token}`, "cf-connecting-ip": "warm-up" });
  if (json !== undefined) headers.set("content-type", "application/json");
  const request = new Request(`${ENV.APP_URL}${path}`, { method, headers });
  if (json !== undefined) Object.defineProperty(request, "text", { value: async () => JSON.stringify(json) });
  return request;
}

/** The runtime's Response while a warm-up request is out (two warm-ups may interleave: the outermost puts it back). */
let realResponse: typeof Response | null = null;
let bodilessDepth = 0;

/**
 * Runs `send` with every Response built without its body: the global scope refuses a Response
 * with one (hono's c.json builds one at the end of every route). The body is already serialized
 * by then; only the runtime's own copy of it is skipped. Put back as soon as the last `send`
 * settles, which is before the isolate's first request: on blank D1 every await of the
 * warm-up is one the global scope settles itself (a test checks it is put back).
 */
async function bodiless<T>(send: () => Promise<T>): Promise<T> {
  if (bodilessDepth++ === 0) {
    const real = (realResponse = globalThis.Response);
    globalThis.Response = new Proxy(real, { construct: (target, [body, init]) => Reflect.construct(target, [bodilessDepth > 0 ? null : body, init]) });
  }
  try {
    return await send();
  } finally {
    if (--bodilessDepth === 0) {
      globalThis.Response = realResponse!;
      realResponse = null;
    }
  }
}

const WARM_GAME = "warmupskirmish";

/** The skirmish's create as the bench's row has it: the computer's first activations inside the request. */
const SKIRMISH = { ruleset: "skirmish", scenario: "small-clash", seats: { defender: { bot: true }, attacker: { email: PLAYER, name: "Warm" } }, creator: "attacker" };

/**
 * The HTTP layer itself, on an app of its own (the isolate's app keeps its cache of real games;
 * hono's code is the same): a create with a valibot-checked body (a skirmish, the computer's
 * first activation in it), a submission with the seat's token (its HMAC, the body checked, the
 * hand-over's mail, presence and channels), then the seat's page (GET /api/games/:id with the
 * token: blank D1 holds no game, so it answers 404 through the error path) and the page's
 * session as that route builds it from the isolate's copy (seatOpened, the live ticket's HMAC).
 * Returns the statuses.
 */
async function warmRequests(config: AppConfig, handed: Handed, secret: string): Promise<number[]> {
  const cache = new GameCache();
  const app = createApp({ ...config, ...warmOptions(handed), cache });
  const env = { ...ENV, TOKEN_SECRET: secret, DB: blankD1() };
  const statuses: number[] = [];
  const send = async (request: Request) => statuses.push((await bodiless(async () => app.fetch(request, env))).status);
  await send(warmRequest("POST", "/api/games", "", SKIRMISH));
  // a create leaves its game in D1 only (blank here): the submission's game is put in the app's copy
  const { game, human } = cachedGame(cache, "skirmish", "small-clash", WARM_GAME);
  const id = game.id;
  const token = await seatToken(secret, id, human, 0);
  await send(warmRequest("POST", `/api/games/${id}/actions`, token, { seq: 0, actions: [humanMove(game, human)] }));
  await send(warmRequest("GET", `/api/games/${id}`, token));
  // the rest of that route, from the isolate's copy of the game
  const deps = makeDeps(env, env.DB, { ...warmOptions(handed), cache });
  const opened = await openCached(deps, id, cache.get(id)!, token);
  gameView(opened.ruleset, opened.game, opened.seats, opened.you, 0);
  await Promise.all([rematchView(deps, opened), openSession(deps, opened, opened.you!)]);
  return statuses;
}

async function warmService(played: number, config: AppConfig, secret: string): Promise<WarmUpReport> {
  const handed: Handed = { mails: 0, resendCancelled: 0 };
  const deps = warmDeps(handed, secret);
  await warmCreate(deps);
  const submittedTo = await warmSubmit(deps);
  const requests = await warmRequests(config, handed, secret);
  // the cron's own reads (waiting bots, due timers, due mail): a cold isolate often starts for it
  const cron = await runCron(deps);
  if (cron.errors.length > 0) throw new Error(cron.errors.join("; "));
  return { played, submittedTo, requests, ...handed };
}

/**
 * `config` is the isolate's app's (its after-commit work: the mail drained, the live page told),
 * for the warm-up's own app. `tokenSecret` is the Worker's TOKEN_SECRET where the global scope
 * has it (index.ts, from cloudflare:workers' env): the token HMAC's key is imported once per
 * isolate and secret (auth.ts), so signing the warm-up's tokens with it leaves the first request
 * no key to import. Those tokens name the warm-up's own game ids, which no real game can have
 * (real ids are 10 characters of an alphabet without "i" or "o"), and go nowhere.
 * Returns the asynchronous part's promise (already caught: null if it failed), for a test to wait on.
 */
export function warmUp(router: { match(method: string, path: string): unknown }, config: AppConfig = {}, tokenSecret?: unknown): Promise<WarmUpReport | null> {
  try {
    // one request's worth: playing four (a game's later phases too) left the first request
    // slower, not faster (bench/README.md), likely collecting the warm-up's garbage
    const played = playEveryRuleset(rulesets, botActionsPerRequest);
    for (const [method, path] of ROUTES) router.match(method, path);
    v.safeParse(createSchema, { ruleset: "moscow", scenario: "standard", seats: { german: { email: "a@example.com" } }, creator: "german" });
    v.safeParse(actionsSchema, { seq: 1, actions: [{ type: "end_phase" }] });
    prepareHotStatements();
    const secret = typeof tokenSecret === "string" && tokenSecret.length >= 16 ? tokenSecret : ENV.TOKEN_SECRET;
    return warmService(played, config, secret).catch((error) => (console.error("warm-up", error), null));
  } catch (error) {
    // a warm-up that fails only leaves the first request slower
    console.error("warm-up", error);
    return Promise.resolve(null);
  }
}
