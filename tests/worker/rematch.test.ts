/**
 * Rematch: after the game every human asks to play again; the last to ask starts a new game with
 * the sides swapped, a new seed and commitment, and each old link leads to the new seat.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seatToken } from "../../worker/auth";
import { api, freshIp, OUTBOX_WRITTEN_ORDER, testClock } from "./helpers";
import { createMoscow } from "./play";
import { dbOf, everyDb } from "./shard-db";

const clock = testClock();
const client = api({ now: clock.now });
const rematch = (id: string, token: string, body: Record<string, unknown> = {}) => client.post(`/api/games/${id}/rematch`, body, token);
const outbox = async (id: string) =>
  (await dbOf(id).prepare(`SELECT recipient, kind, seat, payload FROM outbox WHERE game_id = ? ORDER BY ${OUTBOX_WRITTEN_ORDER}`).bind(id).all<{ recipient: string; kind: string; seat: string; payload: string }>()).results.map(
    (r) => ({ to: r.recipient, kind: r.kind, seat: r.seat, rematch: JSON.parse(r.payload).rematch }),
  );

async function finishedDuel() {
  const game = await createMoscow(client, { hoursPerTurn: 48 });
  expect((await client.post(`/api/games/${game.id}/resign`, {}, game.soviet)).status).toBe(200);
  return game;
}

describe("rematch", () => {
  it("starts when both ask: a new game, sides swapped, a new seed and commitment, mailed to both, reached from the old links", async () => {
    const { id, german, soviet } = await finishedDuel();
    const old = (await client.get(`/api/games/${id}`, german)).body;
    const asked = await rematch(id, german);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.rematch).toEqual({ agreed: ["german"], waitingFor: ["soviet"], gameId: null, url: null });
    expect((await outbox(id)).filter((m) => m.kind === "rematch")).toEqual([{ to: "olga@example.com", kind: "rematch", seat: "soviet", rematch: { what: "offered", by: "Hans" } }]);
    // asking twice changes nothing and mails nobody again
    expect((await rematch(id, german)).body.rematch.agreed).toEqual(["german"]);
    expect((await outbox(id)).filter((m) => m.kind === "rematch")).toHaveLength(1);

    const started = await rematch(id, soviet);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const newId = started.body.rematch.gameId as string;
    expect(newId).toMatch(/^[a-z0-9]{10}(-\d+)?$/);
    // Olga played the Soviets: now she is German, and her old link's answer carries her new one
    const olgaToken = await seatToken(env.TOKEN_SECRET, newId, "german", 0);
    expect(started.body.rematch.url).toBe(`https://hexpost.test/g/${newId}#t=${olgaToken}`);
    const fresh = (await client.get(`/api/games/${newId}`, olgaToken)).body;
    expect(fresh.you.seat).toBe("german");
    expect(fresh.seats.map((s: { seat: string; name: string }) => `${s.seat}:${s.name}`)).toEqual(["german:Olga", "soviet:Hans"]);
    expect([fresh.ruleset, fresh.scenario, fresh.hoursPerTurn, fresh.status]).toEqual(["moscow", old.scenario, 48, "active"]);
    expect(fresh.seedCommitment).not.toBe(old.seedCommitment);
    // Hans finds his new seat from the old game's page
    const fromOld = (await client.get(`/api/games/${id}`, german)).body.rematch;
    expect(fromOld).toEqual({ agreed: ["german", "soviet"], waitingFor: [], gameId: newId, url: `https://hexpost.test/g/${newId}#t=${await seatToken(env.TOKEN_SECRET, newId, "soviet", 0)}` });
    // each gets the new game's first mail with their new seat
    expect((await outbox(newId)).map((m) => [m.to, m.kind, m.seat, m.rematch?.what])).toEqual([
      ["olga@example.com", "your_link", "german", "started"],
      ["hans@example.com", "your_link", "soviet", "started"],
    ]);
    // asking again once it started answers the same game: one game has one rematch
    expect((await rematch(id, german)).body.rematch.gameId).toBe(newId);
    const count = await dbOf(id).prepare("SELECT COUNT(*) AS n FROM games WHERE rematch_of = ?").bind(id).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("two last answers at the same moment start one game", async () => {
    const { id, german, soviet } = await finishedDuel();
    const both = await Promise.all([rematch(id, german), rematch(id, soviet)]);
    const statuses = both.map((r) => r.status).sort();
    // each read the offer empty: one wrote it, the other's write was refused and says so
    expect(statuses).toEqual([200, 409]);
    const again = await rematch(id, both.find((r) => r.status === 409) === both[0] ? german : soviet);
    expect(again.body.rematch.gameId).toMatch(/^[a-z0-9]{10}(-\d+)?$/);
    const count = await dbOf(id).prepare("SELECT COUNT(*) AS n FROM games WHERE rematch_of = ?").bind(id).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("is asked for only after the game, by a seat; a decline closes the offer and tells who asked", async () => {
    const live = await createMoscow(client, {});
    const early = await rematch(live.id, live.german);
    expect([early.status, early.body.error]).toEqual([409, "not_over"]);
    const { id, german, soviet } = await finishedDuel();
    expect((await client.post(`/api/games/${id}/rematch`, {})).status).toBe(401);
    expect((await rematch(id, soviet, { accept: false })).body.error).toBe("no_rematch");
    await rematch(id, german);
    const declined = await rematch(id, soviet, { accept: false });
    expect(declined.body.rematch).toEqual({ agreed: [], waitingFor: ["german", "soviet"], gameId: null, url: null });
    expect((await outbox(id)).filter((m) => m.kind === "rematch").at(-1)).toEqual({ to: "hans@example.com", kind: "rematch", seat: "german", rematch: { what: "declined", by: "Olga" } });
    expect((await rematch(id, soviet, { accept: "yes" })).status).toBe(400);
  });

  it("a DiceWars rematch moves everyone one seat on, the computer's seats too", async () => {
    const res = await client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 3 }, seats: { p1: { email: "a@example.com", name: "Ann" }, p2: { bot: true }, p3: { email: "b@example.com", name: "Ben" } }, creator: "p1", seed: "rematch-dw" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    const ann = res.body.you.token as string;
    const ben = await seatToken(env.TOKEN_SECRET, id, "p3", 0);
    // a DiceWars game takes hundreds of moves: its end is written straight into D1
    await dbOf(id).prepare(`UPDATE games SET status = 'finished', to_act = '[]', outcome = ?, version = version + 1 WHERE id = ?`)
      .bind(JSON.stringify({ result: "win", winners: ["p2"], reason: "conquest", line: "Ada wins." }), id)
      .run();
    expect((await rematch(id, ann)).body.rematch.waitingFor).toEqual(["p3"]);
    const started = await rematch(id, ben);
    const newId = started.body.rematch.gameId as string;
    expect(newId).toBeTruthy();
    const fresh = (await client.get(`/api/games/${newId}`)).body;
    expect(fresh.seats.map((s: { seat: string; name: string; bot: boolean }) => `${s.seat}:${s.name}${s.bot ? " (bot)" : ""}`)).toEqual(["p1:Ben", "p2:Ann", "p3:Ada (bot)"]);
    expect(fresh.options).toMatchObject({ players: 3 });
  });
});

describe("rematch against the abuse limits", () => {
  /** A game against the computer, resigned: its one human's rematch starts a new game at once. */
  async function resignedAlone(c: typeof client, email: string, ip: string) {
    const res = await c.post("/api/games", { ruleset: "moscow", scenario: "quickstart", seats: { german: { email, name: "Chain" }, soviet: { bot: true } }, creator: "german" }, undefined, { "cf-connecting-ip": ip });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as string, seat: "german", token: res.body.you.token as string };
  }
  /** Resigns, asks for the rematch, and follows it to the new game while the answer is 200. */
  async function chain(c: typeof client, email: string, ips: () => string, links: number) {
    let game = await resignedAlone(c, email, ips());
    const answers: number[] = [];
    for (let i = 0; i < links; i++) {
      expect((await c.post(`/api/games/${game.id}/resign`, {}, game.token)).status).toBe(200);
      const asked = await c.post(`/api/games/${game.id}/rematch`, {}, game.token, { "cf-connecting-ip": ips() });
      answers.push(asked.status);
      if (asked.status !== 200) {
        expect(asked.body.error).toBe("rate_limited");
        break;
      }
      const next = asked.body.rematch.gameId as string;
      const seat = game.seat === "german" ? "soviet" : "german";
      game = { id: next, seat, token: await seatToken(env.TOKEN_SECRET, next, seat, 0) };
    }
    return answers;
  }

  it("a rematch counts as a create: a chain of them meets the per-IP limit of new games", async () => {
    const limited = api({ now: clock.now }, { RATE_GAMES_PER_HOUR: "3", RATE_INVITES_PER_DAY: "1000" });
    const ip = freshIp();
    // the create is the first game from this IP, two rematches the second and third: the fourth is refused
    expect(await chain(limited, "chain.ip@example.com", () => ip, 5)).toEqual([200, 200, 429]);
  });

  it("a rematch counts as a create: a chain of them meets the per-address limit of mails, whatever the IP", async () => {
    const limited = api({ now: clock.now }, { RATE_GAMES_PER_HOUR: "1000", RATE_INVITES_PER_DAY: "3" });
    expect(await chain(limited, "chain.mail+x@example.com", freshIp, 5)).toEqual([200, 200, 429]);
    // three games' links, no more (each game's end is mailed too, as in any game)
    const links = (await Promise.all(everyDb().map((db) => db.prepare("SELECT kind, COUNT(*) AS n FROM outbox WHERE recipient = ? GROUP BY kind ORDER BY kind").bind("chain.mail+x@example.com").all<{ kind: string; n: number }>()))).flatMap((r) => r.results);
    expect(links).toEqual([{ kind: "game_over", n: 3 }, { kind: "your_link", n: 3 }]);
  });

  it("an address that blocked hexpost is offered no rematch, and not mailed the one it asks for", async () => {
    const { id, german, soviet } = await finishedDuel();
    await env.DB.prepare("INSERT OR IGNORE INTO blocked_addresses (email, at) VALUES (?, ?)").bind("olga@example.com", clock.now()).run();
    try {
      expect((await rematch(id, german)).status).toBe(200);
      expect((await outbox(id)).filter((m) => m.kind === "rematch")).toEqual([]);
      const started = await rematch(id, soviet);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const newId = started.body.rematch.gameId as string;
      expect((await outbox(newId)).map((m) => [m.to, m.kind])).toEqual([["hans@example.com", "your_link"]]);
      // Olga reaches her new seat from the old game's page
      expect(started.body.rematch.url).toContain(`/g/${newId}#t=`);
    } finally {
      await env.DB.prepare("DELETE FROM blocked_addresses WHERE email = ?").bind("olga@example.com").run();
    }
  });
});
