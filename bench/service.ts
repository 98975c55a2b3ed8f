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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

/**
 * A bounded load generator on loopback: `concurrency` clients, each playing the German side
 * of its own game one action per request, until `maxSubmissions` or `maxSeconds`.
 */
export async function serviceBench(server: DevServer, { concurrency = 8, maxSubmissions = 600, maxSeconds = 40 } = {}): Promise<ServiceFigures> {
  const games: { id: string; token: string; seq: number; state: unknown; n: number }[] = [];
  const createUsages = [];
  for (let i = 0; i < concurrency; i++) {
    const res = await fetch(`${server.url}/api/games`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": `10.9.0.${i}` },
      body: JSON.stringify({
        ruleset: "moscow",
        scenario: "quickstart",
        seats: { german: { email: `bench${i}@example.com`, name: "Bench" }, soviet: { email: `opp${i}@example.com`, name: "Opp" } },
        creator: "german",
        seed: `bench-${i}`,
      }),
    });
    createUsages.push(parseUsage(res.headers.get("x-d1-usage")));
    const created = (await res.json()) as { id: string; you: { token: string } };
    const view = (await (await fetch(`${server.url}/api/games/${created.id}`)).json()) as { seq: number; state: unknown };
    games.push({ id: created.id, token: created.you.token, seq: view.seq, state: view.state, n: 0 });
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
