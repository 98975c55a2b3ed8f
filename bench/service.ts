import { moscow } from "../worker/engine/moscow";
import { rngFromSeed } from "../worker/engine/rng";
import { parseUsage, type D1Usage, type DevServer } from "./devserver";

export interface ServiceFigures {
  submissions: number;
  seconds: number;
  perSecond: number;
  concurrency: number;
  usage: { roundTrips: number; rowsRead: number; rowsWritten: number };
  handOverUsage: { roundTrips: number; rowsRead: number; rowsWritten: number } | null;
  createUsage: { roundTrips: number; rowsRead: number; rowsWritten: number };
}

/** A quickstart Battle for Moscow between two mailed humans, the German (whose move it is) played by the bench; and the D1 its creation cost. */
async function newQuickstart(server: DevServer, seed: string) {
  const res = await fetch(`${server.url}/api/games`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { email: `${seed}@example.com`, name: "Bench" }, soviet: { email: `${seed}-opp@example.com`, name: "Opp" } },
      creator: "german",
      seed,
    }),
  });
  const created = (await res.json()) as { id: string; you: { token: string } };
  if (res.status !== 201) throw new Error(`create refused: ${res.status} ${JSON.stringify(created)}`);
  const view = (await (await fetch(`${server.url}/api/games/${created.id}`)).json()) as { seq: number; state: unknown; toAct: string[] };
  return { id: created.id, token: created.you.token, seq: view.seq, state: view.state, toAct: view.toAct, usage: parseUsage(res.headers.get("x-d1-usage")) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

/**
 * A bounded load generator on loopback: `concurrency` clients, each playing the German side
 * of its own game one action per request, until `maxSubmissions` or `maxSeconds`.
 */
export async function serviceBench(server: DevServer, { concurrency = 8, maxSubmissions = 600, maxSeconds = 40 } = {}): Promise<ServiceFigures> {
  const games: { id: string; token: string; seq: number; state: unknown; n: number }[] = [];
  const createUsages = [];
  for (let i = 0; i < concurrency; i++) {
    const created = await newQuickstart(server, `bench-${i}`);
    createUsages.push(created.usage);
    games.push({ ...created, n: 0 });
  }

  const usages: D1Usage[] = [];
  const handOvers: D1Usage[] = [];
  let submissions = 0;
  const started = performance.now();
  const stopAt = started + maxSeconds * 1000;
  await Promise.all(
    games.map(async (g) => {
      while (submissions < maxSubmissions && performance.now() < stopAt) {
        const toAct = moscow.toAct(g.state as never);
        if (!toAct.includes("german")) break;
        const action = moscow.bot(g.state as never, "german", rngFromSeed(`${g.id}:${g.n++}`));
        submissions++;
        const res = await fetch(`${server.url}/api/games/${g.id}/actions`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${g.token}` },
          body: JSON.stringify({ seq: g.seq, actions: [action] }),
        });
        const body = (await res.json()) as { seq: number; state: unknown; toAct: string[]; error?: string; message?: string };
        if (res.status !== 200) throw new Error(`submission refused: ${res.status} ${body.error} ${body.message}`);
        const usage = parseUsage(res.headers.get("x-d1-usage"));
        (body.toAct.includes("german") ? usages : handOvers).push(usage);
        g.seq = body.seq;
        g.state = body.state;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const med = (list: D1Usage[]) => ({
    roundTrips: median(list.map((u) => u.roundTrips)),
    rowsRead: median(list.map((u) => u.rowsRead)),
    rowsWritten: median(list.map((u) => u.rowsWritten)),
  });
  return {
    submissions,
    seconds,
    perSecond: submissions / seconds,
    concurrency,
    usage: med(usages),
    handOverUsage: handOvers.length ? med(handOvers) : null,
    createUsage: med(createUsages),
  };
}

export interface RatioFigures {
  runs: number;
  submissionMs: number;
  bareBatchMs: number;
  ratio: number;
  usage: D1Usage;
}

/**
 * A submission against a bare `DB.batch()` writing the same rows (POST /api/dev/bare-batch,
 * to a scratch game), both timed by the client on loopback, one after the other, after a
 * warm-up: the ratio is what the service adds to the batch it cannot avoid.
 */
export async function ratioBench(server: DevServer, { runs = 60, warmUp = 10 } = {}): Promise<RatioFigures> {
  const newGame = (seed: string) => newQuickstart(server, seed);
  let game = await newGame("ratio-0");
  const scratch = await newGame("ratio-scratch");
  let scratchSeq = scratch.seq + 1000;
  const submissionMs: number[] = [];
  const bareMs: number[] = [];
  const usages: D1Usage[] = [];
  let n = 0;
  let games = 0;
  let lastEvents: unknown[] = [];
  while (submissionMs.length < runs) {
    if (!moscow.toAct(game.state as never).includes("german") || moscow.owed(game.state as never)) {
      game = await newGame(`ratio-${++games}`);
      continue;
    }
    const action = moscow.bot(game.state as never, "german", rngFromSeed(`ratio:${n++}`));
    const submit = async () => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/games/${game.id}/actions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${game.token}` },
        body: JSON.stringify({ seq: game.seq, actions: [action] }),
      });
      const body = (await res.json()) as { seq: number; state: unknown; toAct: string[]; events: unknown[] };
      if (res.status !== 200) throw new Error(`submission refused: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t0, body, usage: parseUsage(res.headers.get("x-d1-usage")) };
    };
    // the same rows: a turn of the same action and events, the game's new state
    const bareBatch = async (events: unknown[], state: unknown) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/dev/bare-batch`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ gameId: scratch.id, seq: ++scratchSeq, seat: "german", actions: [action], events, state }),
      });
      await res.json();
      if (res.status !== 200) throw new Error(`bare batch refused: ${res.status}`);
      return performance.now() - t0;
    };
    // alternate which goes first, so whatever the server does after a response weighs on both
    const bareFirst = n % 2 === 0;
    const bareBefore = bareFirst ? await bareBatch(lastEvents, game.state) : 0;
    const { ms: sub, body, usage } = await submit();
    const bareTime = bareFirst ? bareBefore : await bareBatch(body.events, body.state);
    game = { ...game, seq: body.seq, state: body.state, toAct: body.toAct };
    lastEvents = body.events;
    // only submissions that kept the seat on move write the same rows as the bare batch
    if (n <= warmUp || !body.toAct.includes("german")) continue;
    submissionMs.push(sub);
    bareMs.push(bareTime);
    usages.push(usage);
  }
  const submission = median(submissionMs);
  const bare = median(bareMs);
  return {
    runs,
    submissionMs: submission,
    bareBatchMs: bare,
    ratio: submission / bare,
    usage: { roundTrips: median(usages.map((u) => u.roundTrips)), rowsRead: median(usages.map((u) => u.rowsRead)), rowsWritten: median(usages.map((u) => u.rowsWritten)) },
  };
}
