import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seatToken } from "../../../worker/auth";
import { runCron } from "../../../worker/cron";
import { nextDigestAt } from "../../../worker/mail/handover";
import { createDuel, endTurn, fake, HOUR, mailWorld, outboxRows, seatRow, type World } from "./helpers";
import { shardOfGame } from "../../../worker/store/shards";

const MINUTE = 60_000;

async function olgaDigest(w: World, seed: string) {
  const game = await createDuel(w, { seed });
  const olga = await seatToken(env.TOKEN_SECRET, game.id, "p2", 0);
  const res = await w.client.call("PUT", `/api/games/${game.id}/prefs`, { prefs: "digest" }, { authorization: `Bearer ${olga}` });
  expect(res.status).toBe(200);
  return { ...game, olga };
}

describe("the daily digest", () => {
  it("digest seats get no per-turn mail but one mail a day listing every game awaiting them", async () => {
    const w = mailWorld(); // starts at 12:00 UTC
    const a = await olgaDigest(w, "digest-a");
    const b = await olgaDigest(w, "digest-b");
    const before = (await fake.sent(w.key)).length;
    await endTurn(w.client, a.id, a.hans);
    await endTurn(w.client, b.id, b.hans);
    expect((await fake.sent(w.key)).length).toBe(before);
    const rows = [...(await outboxRows(a.id)), ...(await outboxRows(b.id))].filter((r) => r.kind === "digest");
    expect(rows).toHaveLength(2);
    const seven = nextDigestAt(w.clock.now());
    expect(new Date(seven).toISOString()).toBe("2026-11-23T07:00:00.000Z");
    expect(rows.every((r) => r.next_attempt_at === seven && r.status === "pending")).toBe(true);

    w.clock.set(seven - MINUTE);
    await runCron(w.deps);
    expect((await fake.sent(w.key)).length).toBe(before);

    w.clock.set(seven);
    const run = await runCron(w.deps);
    // the other row is merged into it: skipped by the same drain, or by the sending shard's drain when the games are on two (store/shards.ts)
    expect(run.drain.sent).toBe(1);
    expect(run.drain.skipped).toBe(shardOfGame(a.id) === shardOfGame(b.id) ? 1 : 0);
    const digests = (await fake.sent(w.key)).slice(before);
    expect(digests).toHaveLength(1);
    const mail = digests[0]!.body;
    expect(mail.to).toEqual([w.olga]);
    expect(mail.subject).toBe("[hexpost] 2 games await your move");
    for (const g of [a, b]) {
      expect(mail.text).toContain(`https://hexpost.test/g/${g.id}#t=${g.olga}`);
      expect(mail.text).toContain(`DiceWars #${g.id.slice(0, 4)}: Hans v Olga`);
    }
    expect(mail.headers["List-Unsubscribe"]).toMatch(/\/api\/unsubscribe\?e=[A-Za-z0-9_-]+&sig=/);
    const after = [...(await outboxRows(a.id)), ...(await outboxRows(b.id))].filter((r) => r.kind === "digest");
    expect(after.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(after.map((r) => r.last_error).filter(Boolean)).toEqual([expect.stringMatching(/^merged into /)]);

    // The next day: a new hand-over in A; B still waits. The digest lists both again.
    await endTurn(w.client, a.id, a.olga);
    await endTurn(w.client, a.id, a.hans);
    w.clock.set(seven + 24 * HOUR);
    await runCron(w.deps);
    const second = (await fake.sent(w.key)).filter((m) => m.body.subject.includes("await your move"));
    expect(second).toHaveLength(2);
    expect(second[1]!.body.text).toContain(a.id);
    expect(second[1]!.body.text).toContain(b.id);
  });

  it("a digest with nothing left to list is not sent", async () => {
    const w = mailWorld();
    const a = await olgaDigest(w, "digest-empty");
    await endTurn(w.client, a.id, a.hans);
    await endTurn(w.client, a.id, a.olga); // Olga moved on her own before the digest
    const seven = nextDigestAt(w.clock.now());
    w.clock.set(seven);
    const before = (await fake.sent(w.key)).length;
    await runCron(w.deps);
    expect((await fake.sent(w.key)).length).toBe(before);
    const row = (await outboxRows(a.id)).find((r) => r.kind === "digest")!;
    expect(row.status).toBe("sent");
    expect(row.last_error).toMatch(/skipped/);
  });

  it("the digest's one-click unsubscribe turns every digest seat of the address to none", async () => {
    const w = mailWorld();
    const a = await olgaDigest(w, "digest-unsub-a");
    const b = await olgaDigest(w, "digest-unsub-b");
    await endTurn(w.client, a.id, a.hans);
    w.clock.set(nextDigestAt(w.clock.now()));
    await runCron(w.deps);
    const digest = (await fake.sent(w.key)).find((m) => /awaits? your move/.test(m.body.subject))!;
    expect(digest.body.subject).toBe("[hexpost] 1 game awaits your move");
    const url = /^<https:\/\/hexpost\.test(.+)>$/.exec(digest.body.headers["List-Unsubscribe"]!)![1]!;
    const res = await w.client.call("POST", url, "List-Unsubscribe=One-Click", { "content-type": "application/x-www-form-urlencoded", accept: "application/json" });
    expect(res.body).toMatchObject({ ok: true, unsubscribed: "digest" });
    expect((await seatRow(a.id, "p2"))!.prefs).toBe("none");
    expect((await seatRow(b.id, "p2"))!.prefs).toBe("none");
    expect((await seatRow(a.id, "p1"))!.prefs).toBe("every_turn");
  });
});
