import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDuel, endTurn, outboxRows } from "../mail/helpers";
import { deliveryWorld, olgaToken, seqOf, type DeliveryWorld } from "./world";

/** Opens the seat's (or without a token a spectator's) live page through the app, with the ticket its GET of the game gave it. */
async function openPage(w: DeliveryWorld, gameId: string, token?: string) {
  const game = await w.client.get(`/api/games/${gameId}`, token);
  expect(game.status).toBe(200);
  const t = game.body.live as { seat: string; epoch: number; expires: number; sig: string };
  if (token) expect(game.body.you.live).toEqual(t);
  const q = new URLSearchParams({ seat: t.seat, epoch: String(t.epoch), expires: String(t.expires), sig: t.sig });
  const res = await w.raw(`/api/games/${gameId}/live?${q}`, { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const messages: string[] = [];
  ws.addEventListener("message", (e) => {
    messages.push(String(e.data));
  });
  return { ws, messages };
}

const present = (gameId: string) => {
  const ns = env.LIVE!;
  return (ns.get(ns.idFromName(gameId)) as unknown as { present(): Promise<{ seat: string }[]> }).present().then((seats) => seats.map((s) => s.seat));
};

async function until(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the live page", () => {
  it("a hand-over to a seat whose page is open writes no mail for it, and the page is told the game moved", async () => {
    // the live route checks the ticket against the real clock
    const w = deliveryWorld({ start: Date.now() });
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const page = await openPage(w, id, await olgaToken(id));
    await until(async () => (await present(id)).includes("p2"), "Olga's page to be present");

    await endTurn(w.client, id, hans);
    const rows = (await outboxRows(id)).filter((r) => r.seat === "p2" && r.kind !== "invitation");
    expect(rows).toEqual([]);
    await until(() => page.messages.length > 0, "the announce");
    expect(JSON.parse(page.messages[0]!)).toEqual({ type: "moved", seq: (await w.client.get(`/api/games/${id}`)).body.seq });
    page.ws.close(1000, "done");
  });

  it("a hidden page counts as away: the mail is held", async () => {
    const w = deliveryWorld({ start: Date.now() });
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const page = await openPage(w, id, await olgaToken(id));
    await until(async () => (await present(id)).includes("p2"), "Olga's page to be present");
    page.ws.send("hidden");
    await until(async () => !(await present(id)).includes("p2"), "the hidden page to count as away");

    await endTurn(w.client, id, hans);
    const rows = (await outboxRows(id)).filter((r) => r.seat === "p2" && r.kind === "your_turn");
    expect(rows.map((r) => [r.held, r.status, r.next_attempt_at])).toEqual([[1, "pending", w.clock.now() + 15 * 60_000]]);
    // it is still told (a hidden page reloads what it lacks when shown)
    await until(() => page.messages.length > 0, "the announce");
    expect(JSON.parse(page.messages[0]!).type).toBe("moved");
    page.ws.close(1000, "done");
  });

  it("a spectator's page (its ticket names no seat) hears of moves but does not make a seat present", async () => {
    const w = deliveryWorld({ start: Date.now() });
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const page = await openPage(w, id);
    await endTurn(w.client, id, hans);
    expect((await outboxRows(id)).filter((r) => r.seat === "p2" && r.kind === "your_turn").map((r) => r.held)).toEqual([1]);
    await until(() => page.messages.some((m) => JSON.parse(m).type === "moved"), "the spectator's news");
    page.ws.close(1000, "done");
  });

  it("no live socket without a valid ticket: none, altered, or for another game (401, no object made)", async () => {
    const w = deliveryWorld({ start: Date.now() });
    const { id } = await createDuel(w.world, { hold: 15 });
    const other = await createDuel(w.world, { hold: 15, seed: "another-game" });
    const t = (await w.client.get(`/api/games/${id}`)).body.live as { seat: string; epoch: number; expires: number; sig: string };
    const q = (over: Partial<typeof t>) => new URLSearchParams(Object.entries({ ...t, ...over }).map(([k, v]) => [k, String(v)]));
    for (const [gameId, query] of [
      [id, ""],
      [id, `?${q({ sig: t.sig.replace(/^./, (c) => (c === "A" ? "B" : "A")) })}`],
      [id, `?${q({ seat: "p1" })}`],
      [id, `?${q({ expires: t.expires + 1 })}`],
      [other.id, `?${q({})}`],
      ["no-such-game", `?${q({})}`],
    ] as const) {
      const res = await w.raw(`/api/games/${gameId}/live${query}`, { headers: { Upgrade: "websocket" } });
      expect([gameId, query, res.status]).toEqual([gameId, query, 401]);
    }
  });

  it("a page opened with a link revoked since does not make its seat present (the mail is held as for an absent seat)", async () => {
    const w = deliveryWorld({ start: Date.now() });
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const page = await openPage(w, id, await olgaToken(id));
    await until(async () => (await present(id)).includes("p2"), "Olga's page to be present");
    // her link is revoked (a newer epoch), as when the computer took her seat and gave it back
    await env.DB.prepare("UPDATE seats SET epoch = epoch + 1 WHERE game_id = ? AND seat = 'p2'").bind(id).run();
    await env.DB.prepare("UPDATE games SET version = version + 1 WHERE id = ?").bind(id).run();
    await endTurn(w.client, id, hans);
    expect((await outboxRows(id)).filter((r) => r.seat === "p2" && r.kind === "your_turn").map((r) => r.held)).toEqual([1]);
    page.ws.close(1000, "done");
  });

  it("the result: a seat whose page is open sees it there and gets no result mail; one away gets it held (decision: game over is a live kind)", async () => {
    const w = deliveryWorld({ start: Date.now() });
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const page = await openPage(w, id, await olgaToken(id));
    await until(async () => (await present(id)).includes("p2"), "Olga's page to be present");
    const resigned = await w.client.post(`/api/games/${id}/resign`, {}, hans);
    expect(resigned.status, JSON.stringify(resigned.body)).toBe(200);
    const over = (await outboxRows(id)).filter((r) => r.kind === "game_over");
    expect(over.map((r) => [r.seat, r.held, r.status])).toEqual([["p1", 1, "pending"]]);
    await until(() => page.messages.some((m) => JSON.parse(m).type === "moved"), "Olga's page to hear of the end");
    page.ws.close(1000, "done");
  });

  it("a page's look at the game it holds (If-None-Match: its seq) is a 304 that reads no D1 while its page is open and nothing moved", async () => {
    const w = deliveryWorld({ start: Date.now() });
    const { id, hans } = await createDuel(w.world, { hold: 15 });
    const olga = await olgaToken(id);
    const look = (seq: number) => w.client.call("GET", `/api/games/${id}`, undefined, { authorization: `Bearer ${olga}`, "if-none-match": `W/"s${seq}"` });
    const rowsRead = (res: { headers: Headers }) => /rows_read=(\d+)/.exec(res.headers.get("x-d1-usage") ?? "")?.[1];
    const page = await openPage(w, id, olga);
    const seq0 = await seqOf(w, id);
    // nothing was announced since the page opened: the object cannot vouch, so D1 answers
    const unknown = await look(seq0);
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get("etag")).toBe(`W/"s${seq0}"`);

    await endTurn(w.client, id, hans);
    await until(() => page.messages.length > 0, "the announce");
    const seq1 = await seqOf(w, id);
    expect(seq1).toBeGreaterThan(seq0);
    const same = await look(seq1);
    expect([same.status, rowsRead(same)]).toEqual([304, "0"]);
    expect(same.headers.get("etag")).toBe(`W/"s${seq1}"`);
    // a page behind the game gets the game
    const behind = await look(seq0);
    expect(behind.status).toBe(200);
    expect(behind.body.seq).toBe(seq1);
    expect(Number(rowsRead(behind))).toBeGreaterThan(0);
    page.ws.close(1000, "done");
    // no page open: nothing vouches for the seq, D1 answers
    await until(async () => (await present(id)).length === 0, "the page to close");
    expect((await look(seq1)).status).toBe(200);
  });
});
