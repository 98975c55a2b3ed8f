/**
 * Archival (games/archive.ts): a finished game older than ARCHIVE_AFTER_DAYS goes to R2 as its
 * export and its D1 rows are replaced by one small row; every route reads it as before.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seatToken } from "../../worker/auth";
import { CRON_LIMITS, runCron } from "../../worker/cron";
import { makeDeps } from "../../worker/deps";
import { LEASE_MS } from "../../worker/mail/claimed";
import { ARCHIVE_AFTER_DAYS } from "../../worker/games/archive";
import { verifyExport } from "../../worker/play/verify";
import { archiveKey, putArchive, replaceByArchive } from "../../worker/store/archive";
import { GameCache } from "../../worker/store/game-cache";
import { openDb } from "../../worker/store/repository";
import { api, freshIp, testClock } from "./helpers";
import { createDuel, fake, mailWorld } from "./mail/helpers";
import { dbOf } from "./shard-db";

const DAY = 86_400_000;

function world() {
  const clock = testClock();
  const client = api({ now: clock.now });
  const cronDeps = () => makeDeps(env, env.DB, { now: clock.now, cache: new GameCache() });
  return { clock, client, cron: () => runCron(cronDeps()) };
}

let n = 0;
/** A DiceWars duel played a few turns, then resigned by p1: finished, p2 wins. */
async function finishedGame(w: ReturnType<typeof world>) {
  const k = ++n;
  const res = await w.client.post(
    "/api/games",
    { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: `hans${k}@archive.example`, name: "Hans" }, p2: { email: `olga${k}@archive.example`, name: "Olga" } }, creator: "p1", seed: `archive-${k}` },
    undefined,
    { "cf-connecting-ip": freshIp() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  const tokens = { p1: res.body.you.token as string, p2: await seatToken(env.TOKEN_SECRET, id, "p2", 0) };
  for (let i = 0; i < 4; i++) {
    const game = (await w.client.get(`/api/games/${id}`)).body;
    const moved = await w.client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [{ type: "end_turn" }] }, tokens[game.toAct[0] as "p1" | "p2"]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  expect((await w.client.post(`/api/games/${id}/resign`, {}, tokens.p1)).status).toBe(200);
  return { id, tokens };
}

/** The game's rows in D1 and the bytes of their text columns (what grows with the game). */
async function footprint(id: string) {
  const one = async (q: string) => (await dbOf(id).prepare(q).bind(id).first<{ rows: number; bytes: number | null }>())!;
  const parts = await Promise.all([
    one("SELECT COUNT(*) AS rows, SUM(length(state) + length(options) + length(to_act) + coalesce(length(outcome), 0)) AS bytes FROM games WHERE id = ?"),
    one("SELECT COUNT(*) AS rows, SUM(length(name) + coalesce(length(email), 0) + length(orders)) AS bytes FROM seats WHERE game_id = ?"),
    one("SELECT COUNT(*) AS rows, SUM(length(actions) + length(events) + length(draws)) AS bytes FROM turns WHERE game_id = ?"),
    one("SELECT COUNT(*) AS rows, SUM(length(state)) AS bytes FROM starts WHERE game_id = ?"),
    one("SELECT COUNT(*) AS rows, SUM(length(payload)) AS bytes FROM outbox WHERE game_id = ?"),
  ]);
  return { rows: parts.reduce((n, p) => n + p.rows, 0), bytes: parts.reduce((n, p) => n + (p.bytes ?? 0), 0) };
}

const gameRowOf = (id: string) => dbOf(id).prepare("SELECT * FROM games WHERE id = ?").bind(id).first<Record<string, unknown>>();

const count = async (table: string, id: string) => (await dbOf(id).prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE game_id = ?`).bind(id).first<{ n: number }>())!.n;

/** Everything a reader sees of a game: the page's reads (spectator and seat), the log, the export. */
async function everyRead(w: ReturnType<typeof world>, id: string, token: string) {
  const [spectator, seat, log, logAfter, exported, readAfter] = await Promise.all([
    w.client.get(`/api/games/${id}`),
    w.client.get(`/api/games/${id}`, token),
    w.client.get(`/api/games/${id}/log`),
    w.client.get(`/api/games/${id}/log?after=2`),
    w.client.get(`/api/games/${id}/export`),
    w.client.get(`/api/games/${id}?after=2`),
  ]);
  for (const r of [spectator, seat, log, logAfter, exported, readAfter]) expect(r.status, JSON.stringify(r.body)).toBe(200);
  // the page's own read, asked after a seq, brings the same entries as the log's
  expect(readAfter.body.log).toEqual(logAfter.body);
  // the seat's live ticket is dated by the clock, not by the game
  const { live: _live, ...you } = seat.body.you ?? {};
  return { spectator: spectator.body, seat: { ...seat.body, you }, log: log.body, logAfter: logAfter.body, exported: exported.body };
}

describe("archival of finished games to R2", () => {
  it("after 30 days a finished game's export goes to R2 and its D1 rows are one small row; every route reads it as before", async () => {
    const w = world();
    const { id, tokens } = await finishedGame(w);
    const before = await everyRead(w, id, tokens.p2);
    expect(before.spectator.status).toBe("finished");
    expect(before.log.entries.length).toBeGreaterThan(4);
    // this world has no after-response drain: the mail its requests wrote claimed goes with the
    // cron's next run after the lease, as when a request dies before sending (mail/claimed.ts)
    w.clock.advance(LEASE_MS);
    await w.cron();

    // not yet: a day short of ARCHIVE_AFTER_DAYS
    w.clock.advance((ARCHIVE_AFTER_DAYS - 1) * DAY);
    expect((await w.cron()).archived).toBe(0);
    expect(await count("turns", id)).toBeGreaterThan(4);

    const whole = await footprint(id);
    const rowBefore = await gameRowOf(id);
    w.clock.advance(2 * DAY);
    expect((await w.cron()).archived).toBe(1);
    // the archived row is the game's row again (a REPLACE: store/archive.ts), each column kept but the state and the log's tail
    const { state: _s, log_tail: _t, archived_at, version, ...kept } = (await gameRowOf(id))!;
    const { state: _s0, log_tail: _t0, archived_at: _a0, version: version0, ...keptBefore } = rowBefore!;
    expect(kept).toEqual(keptBefore);
    expect([archived_at, version, _t]).toEqual([w.clock.now(), (version0 as number) + 1, "[]"]);
    const left = await footprint(id);
    const object = await env.ARCHIVE!.head(archiveKey(id));
    console.log(`archived game ${id}: D1 ${whole.rows} rows, ${whole.bytes} bytes of text before; ${left.rows} rows, ${left.bytes} bytes after; R2 object ${object?.size} bytes`);
    expect(left.rows).toBe(3); // the games row and its two seats
    expect(left.bytes).toBeLessThan(whole.bytes / 10);
    const row = await dbOf(id).prepare("SELECT state, archived_at FROM games WHERE id = ?").bind(id).first<{ state: string; archived_at: number }>();
    expect(row).toEqual({ state: "null", archived_at: w.clock.now() });
    expect([await count("turns", id), await count("starts", id), await count("outbox", id)]).toEqual([0, 0, 0]);
    const stored = await env.ARCHIVE!.get(archiveKey(id));
    expect(stored!.httpMetadata?.contentEncoding).toBe("gzip");
    const exportText = JSON.stringify(before.exported);
    const gunzipped = await new Response(stored!.body.pipeThrough(new DecompressionStream("gzip"))).text();
    expect(JSON.parse(gunzipped)).toEqual(before.exported);
    expect(object!.size).toBeLessThan(exportText.length / 3);

    const after = await everyRead(w, id, tokens.p2);
    expect(after).toEqual(before);
    const verdict = await verifyExport(after.exported);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
    // a move on it is still refused as on any finished game
    const move = await w.client.post(`/api/games/${id}/actions`, { seq: after.spectator.seq, actions: [{ type: "end_turn" }] }, tokens.p2);
    expect([move.status, move.body.error]).toEqual([410, "game_over"]);
    // and the next runs leave it alone
    expect((await w.cron()).archived).toBe(0);
  });

  it("a crash between the R2 put and the D1 batch loses nothing: the game is whole, and the next run archives it", async () => {
    const w = world();
    const { id, tokens } = await finishedGame(w);
    const before = await everyRead(w, id, tokens.p1);
    w.clock.advance(31 * DAY);
    // the run that died wrote R2 and nothing else
    await putArchive(env.ARCHIVE!, id, JSON.stringify(before.exported));
    expect(await everyRead(w, id, tokens.p1)).toEqual(before);
    expect((await w.cron()).archived).toBe(1);
    expect(await everyRead(w, id, tokens.p1)).toEqual(before);
  });

  it("an export written before exports were gzipped (plain JSON, no Content-Encoding) still reads", async () => {
    const w = world();
    const { id, tokens } = await finishedGame(w);
    const before = await everyRead(w, id, tokens.p1);
    w.clock.advance(31 * DAY);
    expect((await w.cron()).archived).toBe(1);
    await env.ARCHIVE!.put(archiveKey(id), JSON.stringify(before.exported), { httpMetadata: { contentType: "application/json" } });
    expect(await everyRead(w, id, tokens.p1)).toEqual(before);
  });

  it("a game changed after its export was written is not archived by that run (its version moved)", async () => {
    const w = world();
    const { id } = await finishedGame(w);
    const version = (await dbOf(id).prepare("SELECT version FROM games WHERE id = ?").bind(id).first<{ version: number }>())!.version;
    await dbOf(id).prepare("UPDATE games SET version = version + 1 WHERE id = ?").bind(id).run();
    expect(await replaceByArchive(openDb(dbOf(id)), id, version, Date.now())).toBe(false);
    expect(await count("turns", id)).toBeGreaterThan(4);
    const row = await dbOf(id).prepare("SELECT archived_at FROM games WHERE id = ?").bind(id).first<{ archived_at: number | null }>();
    expect(row!.archived_at).toBeNull();
  });

  it("a run archives at most its limit; the next runs take the rest, an active game never", async () => {
    const w = world();
    const ids: string[] = [];
    for (let i = 0; i < CRON_LIMITS.archiveGames + 1; i++) ids.push((await finishedGame(w)).id);
    const active = await w.client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: "still@archive.example" }, p2: { bot: true } }, creator: "p1", seed: "still-playing" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(active.status).toBe(201);
    w.clock.advance(60 * DAY);
    const archivedNow = async () => {
      let k = 0;
      for (const id of ids) if ((await count("turns", id)) === 0) k++;
      return k;
    };
    // other tests' games in this file may be due too: count only these
    expect((await w.cron()).archived).toBe(CRON_LIMITS.archiveGames);
    for (let runs = 0; (await archivedNow()) < ids.length; runs++) {
      expect(runs).toBeLessThan(10);
      expect((await w.cron()).archived).toBeLessThanOrEqual(CRON_LIMITS.archiveGames);
    }
    const still = await dbOf(active.body.id).prepare("SELECT status, archived_at FROM games WHERE id = ?").bind(active.body.id).first();
    expect(still).toEqual({ status: "active", archived_at: null });
  });
});

describe("my games lists an archived game as before", () => {
  it("the mail's line and link for a game are the same before and after it was archived", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { seed: "archived-mine" });
    expect((await w.client.post(`/api/games/${id}/resign`, {}, hans)).status).toBe(200);
    const ask = async () => {
      const before = (await fake.sent(w.key)).length;
      const res = await w.client.post("/api/my-games", { email: w.olga }, undefined, { "cf-connecting-ip": freshIp() });
      expect(res.status).toBe(202);
      const mail = (await fake.sent(w.key)).slice(before).find((m) => m.body.to[0] === w.olga)!;
      return mail.body.text.replace(/\s+/g, " ");
    };
    const listed = await ask();
    expect(listed).toContain(`https://hexpost.test/g/${id}#t=${await seatToken(env.TOKEN_SECRET, id, "p2", 0)}`);
    w.clock.advance(31 * DAY);
    expect((await runCron(w.deps)).archived).toBeGreaterThanOrEqual(1);
    expect(await count("turns", id)).toBe(0);
    expect(await ask()).toBe(listed);
  });
});
