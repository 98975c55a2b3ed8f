import { env } from "cloudflare:workers";
import { seatToken } from "../../worker/auth";
import { getRuleset } from "../../worker/engine/registry";
import { rngFromSeed } from "../../worker/engine/rng";
import { freshIp, type Api } from "./helpers";

export const moscow = getRuleset("moscow")!;

export async function tokenFor(gameId: string, seat: string, epoch = 0) {
  return seatToken(env.TOKEN_SECRET, gameId, seat, epoch);
}

export async function createMoscow(client: Api, opts: { scenario?: string; sovietBot?: boolean; seed?: string; hoursPerTurn?: number | null } = {}) {
  const res = await client.post(
    "/api/games",
    {
      ruleset: "moscow",
      scenario: opts.scenario ?? "quickstart",
      seats: {
        german: { email: "hans@example.com", name: "Hans" },
        soviet: opts.sovietBot ? { bot: true } : { email: "olga@example.com", name: "Olga" },
      },
      creator: "german",
      seed: opts.seed ?? "fixed-test-seed",
      ...(opts.hoursPerTurn !== undefined ? { hoursPerTurn: opts.hoursPerTurn } : {}),
    },
    undefined,
    { "cf-connecting-ip": freshIp() },
  );
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as string, german: res.body.you.token as string, soviet: await tokenFor(res.body.id, "soviet"), created: res.body };
}

/** The action the engine's own bot would take for the seat now: a legal move to send over the API. */
export function botAction(state: unknown, seat: string, n: number) {
  return moscow.bot(state, seat, rngFromSeed(`test-client:${n}`));
}

/**
 * Plays one seat through the API, one action per request (so dice-rolling actions are
 * always last), until the seat no longer has to act or `limit` requests were made.
 */
export async function playSeat(client: Api, gameId: string, seat: string, token: string, limit = 400) {
  let game = (await client.get(`/api/games/${gameId}`, token)).body;
  let requests = 0;
  while (game.toAct.includes(seat) && requests < limit) {
    const action = botAction(game.state, seat, requests);
    const res = await client.post(`/api/games/${gameId}/actions`, { seq: game.seq, actions: [action] }, token);
    if (res.status !== 200) throw new Error(`${seat} ${JSON.stringify(action)} -> ${res.status} ${JSON.stringify(res.body)}`);
    requests++;
    game = { ...game, ...res.body };
    if (!game.toAct.includes(seat) && game.status === "active") game = await continueBots(client, gameId, token);
  }
  return { game, requests };
}

/**
 * What an open page does while the computer has more to play than one request may: POST
 * /continue until nothing waits. Returns the game as a seat (or a spectator) sees it then.
 */
export async function continueBots(client: Api, gameId: string, token?: string, limit = 100) {
  let game = (await client.get(`/api/games/${gameId}`, token)).body;
  for (let n = 0; game.botsWaiting && n < limit; n++) {
    const res = await client.post(`/api/games/${gameId}/continue`, {}, token);
    if (res.status !== 200) throw new Error(`continue -> ${res.status} ${JSON.stringify(res.body)}`);
    game = (await client.get(`/api/games/${gameId}`, token)).body;
  }
  return game;
}
