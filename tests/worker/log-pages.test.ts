/** The log kept as JSON (store/log.ts): the game row's tail, moved to a page when full, read back whole. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyExport } from "../../worker/play/verify";
import { PAGE_CHARS, storedTurns, tailIsFull, type NewTurn } from "../../worker/store/log";
import { commit, openDb } from "../../worker/store/repository";
import { unpackText } from "../../worker/store/packed";
import { api, freshIp } from "./helpers";
import { botAction, createMoscow } from "./play";

const pagesOf = async (id: string) => (await env.DB.prepare("SELECT last_seq FROM log_pages WHERE game_id = ? ORDER BY last_seq").bind(id).all<{ last_seq: number }>()).results;
/** Each page as stored: its bytes, and whether they are the JSON text or compressed. */
const storedPages = async (id: string) =>
  (await env.DB.prepare("SELECT last_seq, typeof(turns) AS kind, length(CAST(turns AS BLOB)) AS bytes, turns FROM log_pages WHERE game_id = ? ORDER BY last_seq").bind(id).all<{ last_seq: number; kind: string; bytes: number; turns: unknown }>()).results;
const tailOf = async (id: string) => (await env.DB.prepare("SELECT log_tail FROM games WHERE id = ?").bind(id).first<{ log_tail: string }>())!.log_tail;

/** Plays both sides of a moscow game, one action a request (each with its Idempotency-Key), until the log has `pages` pages. */
async function playUntilPages(pages: number) {
  const client = api();
  const { id, german, soviet } = await createMoscow(client);
  const tokens: Record<string, string> = { german, soviet };
  let game = (await client.get(`/api/games/${id}`, german)).body as { seq: number; state: unknown; toAct: string[] };
  for (let i = 0; i < 2000 && (await pagesOf(id)).length < pages; i++) {
    const seat = game.toAct[0]!;
    const res = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [botAction(game.state, seat, game.seq)] }, tokens[seat], { "idempotency-key": `k-${game.seq}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    game = { ...game, ...res.body };
    if (res.body.status !== "active") break;
    game = (await client.get(`/api/games/${id}`, tokens[game.toAct[0]!])).body;
  }
  return { client, id, tokens, game };
}

describe("the log's pages (store/log.ts)", () => {
  it("a full tail goes to a page at the next commit: pages in order with no seq missing or doubled, and the log reads the same from any seq", async () => {
    const { client, id, game } = await playUntilPages(2);
    const pages = await pagesOf(id);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // each page is the tail that was full: over PAGE_CHARS, and the tail now is shorter than a page plus one request
    const tail = JSON.parse(await tailOf(id)) as { seq: number }[];
    expect(tail.at(-1)?.seq).toBe(game.seq);
    const whole = (await client.get(`/api/games/${id}/log`)).body.entries as { seq: number }[];
    expect(whole.map((e) => e.seq)).toEqual(Array.from({ length: game.seq }, (_, i) => i + 1));
    for (const after of [0, 1, pages[0]!.last_seq - 1, pages[0]!.last_seq, pages[0]!.last_seq + 1, pages[1]!.last_seq, game.seq - 1, game.seq]) {
      const entries = (await client.get(`/api/games/${id}/log?after=${after}`)).body.entries as { seq: number }[];
      expect(entries.map((e) => e.seq), `after ${after}`).toEqual(whole.filter((e) => e.seq > after).map((e) => e.seq));
    }
    for (const page of await storedPages(id)) expect((await unpackText(page.turns)).length).toBeGreaterThan(PAGE_CHARS);
  });

  it("the game's read asked `after` a seq carries the log's page after it, pages and tail alike, in the one request; `after` past the game's seq brings none, and a bad one is refused by name", async () => {
    const { client, id, tokens, game } = await playUntilPages(2);
    const pages = await pagesOf(id);
    for (const after of [0, 1, pages[0]!.last_seq, pages[1]!.last_seq + 1, game.seq - 1, game.seq, game.seq + 5]) {
      const log = (await client.get(`/api/games/${id}/log?after=${after}`)).body as { seq: number; start?: unknown; entries: { seq: number }[] };
      for (const token of [tokens.german, undefined]) {
        const read = await client.get(`/api/games/${id}?after=${after}`, token);
        expect(read.status, JSON.stringify(read.body)).toBe(200);
        expect(read.body.seq).toBe(game.seq);
        expect(read.body.log.seq, `after ${after}`).toBe(game.seq);
        expect(read.body.log.entries, `after ${after}`).toEqual(after >= game.seq ? [] : log.entries);
        if (after === 0) expect(read.body.log.start).toEqual(log.start);
      }
    }
    // without `after`, the read is as it was: no log
    expect((await client.get(`/api/games/${id}`, tokens.german)).body.log).toBeUndefined();
    const bad = await client.get(`/api/games/${id}?after=-1`, tokens.german);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("after");
  });

  it("the game's read asked after 0 carries the start position even before the first turn, as the log's read does", async () => {
    const created = await api().post("/api/games", { ruleset: "moscow", scenario: "standard", seats: { german: { email: `start-${crypto.randomUUID()}@example.com`, name: "Hans" }, soviet: { name: "Boris" } }, creator: "soviet" }, undefined, { "cf-connecting-ip": freshIp() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const log = (await api().get(`/api/games/${id}/log?after=0`)).body;
    const read = (await api().get(`/api/games/${id}?after=0`, created.body.you.token)).body;
    expect(read.seq).toBe(0);
    expect(log.start).toBeTruthy();
    expect(read.log).toEqual(log);
  });

  it("the start position is kept compressed, several times smaller than its JSON; one kept as text (written before) reads the same", async () => {
    const created = await api().post("/api/games", { ruleset: "moscow", scenario: "standard", seats: { german: { email: `packed-${crypto.randomUUID()}@example.com`, name: "Hans" }, soviet: { name: "Boris" } }, creator: "soviet" }, undefined, { "cf-connecting-ip": freshIp() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const stored = (await env.DB.prepare("SELECT typeof(state) AS kind, length(state) AS bytes, state FROM starts WHERE game_id = ?").bind(id).first<{ kind: string; bytes: number; state: unknown }>())!;
    const json = await unpackText(stored.state);
    expect(stored.kind).toBe("blob");
    expect(stored.bytes).toBeLessThan(json.length / 3);
    const start = (await api().get(`/api/games/${id}/log?after=0`)).body.start;
    expect(start).toEqual(JSON.parse(json));
    await env.DB.prepare("UPDATE starts SET state = ? WHERE game_id = ?").bind(json, id).run();
    expect((await api().get(`/api/games/${id}/log?after=0`)).body.start).toEqual(start);
  });

  it("a page is kept compressed: a BLOB several times smaller than its JSON, which is the tail that was full, turn for turn", async () => {
    const { client, id } = await playUntilPages(2);
    const whole = (await client.get(`/api/games/${id}/log`)).body.entries as { seq: number }[];
    for (const page of await storedPages(id)) {
      expect(page.kind).toBe("blob");
      const text = await unpackText(page.turns);
      const turns = JSON.parse(text) as { seq: number }[];
      expect(turns.at(-1)!.seq).toBe(page.last_seq);
      expect(turns.map((t) => t.seq)).toEqual(whole.filter((e) => e.seq > page.last_seq - turns.length && e.seq <= page.last_seq).map((e) => e.seq));
      console.log(`page ${page.last_seq}: ${text.length} characters of JSON, ${page.bytes} bytes stored`);
      expect(page.bytes * 3).toBeLessThan(text.length);
    }
  });

  it("a page left as text (a request that died before compressing it) reads as before beside compressed ones", async () => {
    const { client, id } = await playUntilPages(2);
    const whole = (await client.get(`/api/games/${id}/log`)).body.entries as { seq: number }[];
    const [first] = await storedPages(id);
    await env.DB.prepare("UPDATE log_pages SET turns = ? WHERE game_id = ? AND last_seq = ?").bind(await unpackText(first!.turns), id, first!.last_seq).run();
    expect((await storedPages(id)).map((p) => p.kind)).toContain("text");
    for (const after of [0, first!.last_seq - 1, first!.last_seq]) {
      const entries = (await client.get(`/api/games/${id}/log?after=${after}`)).body.entries as { seq: number }[];
      expect(entries.map((e) => e.seq), `after ${after}`).toEqual(whole.filter((e) => e.seq > after).map((e) => e.seq));
    }
  });

  it("the export of a game whose log spans pages and the tail holds every turn once, and verifies (npm run verify)", async () => {
    const { client, id, tokens } = await playUntilPages(2);
    // over, so the seed is revealed and the record can be checked
    const resigned = await client.post(`/api/games/${id}/resign`, {}, tokens.german);
    expect(resigned.status, JSON.stringify(resigned.body)).toBe(200);
    const exported = (await client.get(`/api/games/${id}/export`)).body;
    expect(exported.log.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: exported.seq }, (_, i) => i + 1));
    const verdict = await verifyExport(exported);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
  });

  it("a retry of a request whose turn has since gone to a page answers as the first try did, and stores nothing", async () => {
    const { client, id, tokens } = await playUntilPages(1);
    const [page] = await pagesOf(id);
    const first = (await client.get(`/api/games/${id}/log?after=0`)).body.entries[0] as { seq: number; seat: string; actions: unknown[] };
    expect(page!.last_seq).toBeGreaterThan(1);
    const before = (await client.get(`/api/games/${id}`, tokens.german)).body.seq;
    const retry = await client.post(`/api/games/${id}/actions`, { seq: 0, actions: first.actions }, tokens[first.seat], { "idempotency-key": "k-0" });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.entries[0].seq).toBe(1);
    expect((await client.get(`/api/games/${id}`, tokens.german)).body.seq).toBe(before);
  });

  it("two writers at the seq where the tail goes to its page: one stores, the other is refused, and the page is written once", async () => {
    const { id, tokens, game } = await playUntilPages(1);
    // fill the tail to the brim again, then race two isolates at the same seq
    let g = game;
    const a = api();
    const b = api();
    while ((await tailOf(id)).length <= PAGE_CHARS && g.toAct.length) {
      const seat = g.toAct[0]!;
      const res = await a.post(`/api/games/${id}/actions`, { seq: g.seq, actions: [botAction(g.state, seat, g.seq)] }, tokens[seat]);
      expect(res.status).toBe(200);
      g = (await a.get(`/api/games/${id}`, tokens[res.body.toAct[0]])).body;
    }
    const pagesBefore = (await pagesOf(id)).length;
    const seat = g.toAct[0]!;
    const action = botAction(g.state, seat, g.seq);
    const [r1, r2] = await Promise.all([
      a.post(`/api/games/${id}/actions`, { seq: g.seq, actions: [action] }, tokens[seat]),
      b.post(`/api/games/${id}/actions`, { seq: g.seq, actions: [action] }, tokens[seat]),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect((await pagesOf(id)).length).toBe(pagesBefore + 1);
    const entries = (await a.get(`/api/games/${id}/log`)).body.entries as { seq: number }[];
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: g.seq + 1 }, (_, i) => i + 1));
  });
});

/** The real local D1, counting the round trips (batches) made through it. */
function countingD1() {
  const counted = { batches: 0 };
  const d1 = {
    prepare: (query: string) => env.DB.prepare(query),
    batch: (statements: D1PreparedStatement[]) => (counted.batches++, env.DB.batch(statements)),
  } as unknown as D1Database;
  return { db: openDb(d1), counted };
}

/** A game whose stored tail is `tail` (over a page), and the turn a commit at its seq writes. */
async function gameWithFullTail(tail: string) {
  // an address of its own: the file's games would pass the invitations a day to one address
  const created = await api().post("/api/games", { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: `pages-${crypto.randomUUID()}@example.com`, name: "Hans" }, soviet: { bot: true } }, creator: "german" }, undefined, { "cf-connecting-ip": freshIp() });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const row = (await env.DB.prepare("SELECT seq, version FROM games WHERE id = ?").bind(id).first<{ seq: number; version: number }>())!;
  await env.DB.prepare("UPDATE games SET log_tail = ? WHERE id = ?").bind(tail, id).run();
  const turn: NewTurn = { gameId: id, seq: row.seq + 1, seat: "german", actions: [], events: [], at: 1 };
  return { id, seq: row.seq, version: row.version, turn };
}

/** A tail of `n` made-up turns, over PAGE_CHARS. */
const bigTail = (n = 400) => storedTurns(Array.from({ length: n }, (_, i): NewTurn => ({ gameId: "x", seq: i + 1, seat: "german", actions: [{ type: "move", unitId: `u${i}`, to: [i % 9, i % 7] }], events: [{ kind: "moved", unit: `u${i}` }], at: i })));

describe("a page compressed in the commit itself (store/log.ts pageOutPacked)", () => {
  it("a commit that holds the tail it pages out writes it compressed in its one batch; one that does not writes the text and compresses it in a second", async () => {
    const tail = bigTail();
    expect(tail.length).toBeGreaterThan(PAGE_CHARS);
    for (const holds of [true, false]) {
      const g = await gameWithFullTail(tail);
      const { db, counted } = countingD1();
      const result = await commit(db, { gameId: g.id, expectedSeq: g.seq, expectedVersion: g.version, turns: [g.turn], game: {}, outbox: [], ...(holds ? { tail } : {}) });
      expect(result.ok).toBe(true);
      expect(counted.batches, holds ? "held tail" : "no tail").toBe(holds ? 1 : 2);
      const [page] = await storedPages(g.id);
      expect(page!.kind).toBe("blob");
      expect(page!.last_seq).toBe(g.seq);
      expect(await unpackText(page!.turns)).toBe(tail);
      expect(await tailOf(g.id)).toBe(storedTurns([g.turn]));
    }
  });

  it("a tail is full by SQLite's count of characters, not JavaScript's (a character beyond the BMP is one), as pageOut's length() tests it", async () => {
    // PAGE_CHARS characters but one more UTF-16 unit (not full), one character more (full), and a BMP character (full)
    for (const tail of ["[" + "x".repeat(PAGE_CHARS - 3) + "😀]", "[" + "x".repeat(PAGE_CHARS - 2) + "😀]", "[" + "é".repeat(PAGE_CHARS) + "]"]) {
      const sqlite = (await env.DB.prepare("SELECT length(?) AS n").bind(tail).first<{ n: number }>())!.n;
      expect(tailIsFull(tail), `${tail.length} UTF-16 units, ${sqlite} characters`).toBe(sqlite > PAGE_CHARS);
    }
  });

  it("a tail held wrongly never reaches the page: the stored tail is paged out (then compressed), not the text the commit held", async () => {
    const stored = bigTail();
    const wrong = bigTail(401);
    const g = await gameWithFullTail(stored);
    const { db, counted } = countingD1();
    expect((await commit(db, { gameId: g.id, expectedSeq: g.seq, expectedVersion: g.version, turns: [g.turn], game: {}, outbox: [], tail: wrong })).ok).toBe(true);
    expect(counted.batches).toBe(2);
    const [page] = await storedPages(g.id);
    expect(page!.kind).toBe("blob");
    expect(await unpackText(page!.turns)).toBe(stored);
  });

  it("the tail an isolate's copy keeps from commit to commit (the commit's answer) is the stored one, through pages, and each page-out is one batch", async () => {
    const g = await gameWithFullTail("[]");
    let held: string | undefined = "[]";
    let version = g.version;
    let pagesOut = 0;
    for (let seq = g.seq, i = 0; i < 90; i++, seq++) {
      // turns of uneven sizes, so that pages fill at different points
      const turn: NewTurn = { gameId: g.id, seq: seq + 1, seat: i % 2 ? "soviet" : "german", actions: [{ type: "end_phase", note: "x".repeat((i * 37) % 900) }], events: [], at: i };
      const { db, counted } = countingD1();
      const pages = (await storedPages(g.id)).length;
      const committed = await commit(db, { gameId: g.id, expectedSeq: seq, expectedVersion: version, turns: [turn], game: {}, outbox: [], tail: held });
      expect(committed.ok).toBe(true);
      version++;
      // the tail the commit answers is the one the isolate's copy keeps (games/commit.ts)
      held = committed.ok ? committed.tail : undefined;
      expect(held, `after seq ${seq + 1}`).toBe(await tailOf(g.id));
      if ((await storedPages(g.id)).length > pages) {
        pagesOut++;
        expect(counted.batches, `the page-out at seq ${seq + 1}`).toBe(1);
      }
    }
    expect(pagesOut).toBeGreaterThanOrEqual(2);
    for (const page of await storedPages(g.id)) expect(page.kind).toBe("blob");
  });
});
