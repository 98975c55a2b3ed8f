/**
 * D1 rows written by a create and by a hand-over, the whole of it: the request, its
 * after-response drain, and the cron run that sends a held mail (bench/README.md records the
 * figures: `npx vitest run --config vitest.worker.config.ts tests/worker/rows-written.test.ts`).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runCron } from "../../worker/cron";
import { makeDeps } from "../../worker/deps";
import { drainGame } from "../../worker/mail/drain";
import { GameCache } from "../../worker/store/game-cache";
import { meteredD1, newMeter, type D1Meter } from "../../worker/store/meter";
import { api, freshIp, testClock } from "./helpers";
import { olgaToken, SINK, uniqueName } from "./delivery/world";

const MINUTE = 60_000;

function meteredWorld() {
  const clock = testClock();
  const meter = newMeter();
  const DB = meteredD1(env.DB, meter);
  // sent mail kept as production keeps it: not at all (mail/sent-record.ts)
  const client = api({ now: clock.now, afterCommit: (d, gameId) => drainGame(d, gameId) }, { DB, SENT_MAIL_KEEP_DAYS: "0" });
  const cronDeps = makeDeps({ ...env, SENT_MAIL_KEEP_DAYS: "0" }, DB, { now: clock.now, cache: new GameCache() });
  /** The rows `work` wrote and read, everything it started after its response included. */
  const measure = async (work: () => Promise<unknown>): Promise<D1Meter> => {
    const before = { ...meter };
    await work();
    return { roundTrips: meter.roundTrips - before.roundTrips, rowsRead: meter.rowsRead - before.rowsRead, rowsWritten: meter.rowsWritten - before.rowsWritten };
  };
  return { clock, client, cronDeps, measure };
}

let games = 0;
async function createDuel(w: ReturnType<typeof meteredWorld>, hold: number, hoursPerTurn?: number) {
  const n = ++games;
  let res: Awaited<ReturnType<typeof w.client.post>> | undefined;
  const usage = await w.measure(async () => {
    res = await w.client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: `hans${n}@rows.example`, name: "Hans" }, p2: { email: `olga${n}@rows.example`, name: "Olga" } }, creator: "p1", seed: `rows-${n}`, ...(hoursPerTurn ? { hoursPerTurn } : {}) },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
  });
  expect(res!.status, JSON.stringify(res!.body)).toBe(201);
  const id = res!.body.id as string;
  await env.DB.prepare("UPDATE seats SET hold_minutes = ? WHERE game_id = ?").bind(hold, id).run();
  return { id, hans: res!.body.you.token as string, usage };
}

async function endTurn(w: ReturnType<typeof meteredWorld>, id: string, token: string) {
  const seq = (await env.DB.prepare("SELECT seq FROM games WHERE id = ?").bind(id).first<{ seq: number }>())!.seq;
  return w.measure(async () => {
    // with an Idempotency-Key, as the page sends every move: a keyed turn writes no index entry (migration 0014)
    const res = await w.client.post(`/api/games/${id}/actions`, { seq, actions: [{ type: "end_turn" }] }, token, { "idempotency-key": `end-turn-${id}-${seq}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
}

const mailStatuses = async (id: string) =>
  (await env.DB.prepare("SELECT kind, status FROM outbox WHERE game_id = ? AND channel_id IS NULL ORDER BY created_at, kind").bind(id).all<{ kind: string; status: string }>()).results;

describe("rows written, the whole of each (request, after-response drain, cron)", () => {
  it("a create that mails an invitation and the creator's link, sent at once", async () => {
    const w = meteredWorld();
    const { id, usage } = await createDuel(w, 0);
    console.log("create (2 mails sent after the response):", JSON.stringify(usage));
    expect(await mailStatuses(id)).toEqual([]);
    // 28 before mail was written claimed and the outbox keyed by its id alone (bench/README.md),
    // 22 before rows written claimed stayed out of outbox_due (and a sent mail's row is no longer
    // swept a week later: one row a mail not counted here)
    expect(usage.rowsWritten).toBeLessThanOrEqual(20);
  });

  it("a hand-over whose mail goes at once (hold 0)", async () => {
    const w = meteredWorld();
    const { id, hans } = await createDuel(w, 0);
    const usage = await endTurn(w, id, hans);
    console.log("hand-over, mail at once:", JSON.stringify(usage));
    expect(await mailStatuses(id)).toEqual([]);
    // 8 before mail was written claimed, 5 before the log moved into the game row (migration 0015),
    // 4 before rows written claimed stayed out of outbox_due
    expect(usage.rowsWritten).toBeLessThanOrEqual(3);
  });

  it("a hand-over on a week's turn writes what one with no time control does: the cron's key stays (store/timer-at.ts)", async () => {
    const w = meteredWorld();
    const { id, hans } = await createDuel(w, 0, 168);
    const key = async () => (await env.DB.prepare("SELECT timer_at FROM games WHERE id = ?").bind(id).first<{ timer_at: number }>())!.timer_at;
    const before = await key();
    w.clock.advance(48 * 3_600_000);
    const usage = await endTurn(w, id, hans);
    console.log("hand-over on a week's turn, mail at once:", JSON.stringify(usage));
    expect(await key()).toBe(before);
    // 4 when the deadline's own index entry moved at every hand-over (games_due_v2, before migration 0021)
    expect(usage.rowsWritten).toBeLessThanOrEqual(3);
  });

  it("a hand-over whose mail is held 15 minutes, then sent by the cron", async () => {
    const w = meteredWorld();
    const { id, hans } = await createDuel(w, 15);
    const request = await endTurn(w, id, hans);
    w.clock.advance(16 * MINUTE);
    const cron = await w.measure(() => runCron(w.cronDeps));
    console.log("hand-over, mail held:", JSON.stringify(request), "cron that sends it:", JSON.stringify(cron));
    expect(await mailStatuses(id)).toEqual([]);
    // 9 before, 8 before the log moved into the game row (migration 0015), 7 before the cron's
    // claim was a lease of its own (migration 0019: the claim no longer moves the row's outbox_due
    // entry); its result deletes the row, where it marked it sent and the sweep deleted it later;
    // 6 before a held mail was found by its id (migration 0020: no outbox_held_seat entry)
    expect(request.rowsWritten + cron.rowsWritten).toBeLessThanOrEqual(5);
  });

  it("a hand-over whose held mail the seat's opening of the game drops: the row goes, one row written", async () => {
    const w = meteredWorld();
    const { id, hans } = await createDuel(w, 15);
    await endTurn(w, id, hans);
    expect((await mailStatuses(id)).map((m) => [m.kind, m.status])).toEqual([["your_turn", "pending"]]);
    const token = await olgaToken(id);
    const opening = await w.measure(async () => expect((await w.client.get(`/api/games/${id}`, token)).status).toBe(200));
    console.log("the seat opens the game, its held mail dropped:", JSON.stringify(opening));
    expect(await mailStatuses(id)).toEqual([]);
    // deleted: it was marked dropped (an UPDATE that took it out of two indexes) and swept later
    expect(opening.rowsWritten).toBe(1);
  });

  it("a hand-over to a seat whose webhook reaches it: no mail row (mail is the channel's fallback, mail/fallback.ts)", async () => {
    const w = meteredWorld();
    const { id, hans } = await createDuel(w, 15);
    const added = await w.client.post(`/api/games/${id}/channels`, { kind: "json", url: `${SINK}/sink/${uniqueName("rows")}` }, await olgaToken(id));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const usage = await endTurn(w, id, hans);
    console.log("hand-over, webhook reached:", JSON.stringify(usage));
    expect((await mailStatuses(id)).filter((m) => m.kind === "your_turn")).toEqual([]);
    // 8 when the held mail was written beside the notice, then dropped
    expect(usage.rowsWritten).toBeLessThanOrEqual(4);
    // and nothing left for the sweep: the delivered notice's row went with its result (one more
    // row written a week later when it was marked sent, then swept)
    const left = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE game_id = ? AND channel_id IS NOT NULL").bind(id).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
