import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addressProof, seatToken } from "../../../worker/auth";
import { drainDue, drainGame, GIVE_UP_AFTER_MS, LEASE_MS, MAX_ATTEMPTS, backoff } from "../../../worker/mail/drain";
import { CRON_LIMITS, runCron } from "../../../worker/cron";
import { forGame } from "../../../worker/store/shards";
import { composeMail } from "../../../worker/mail/compose";
import { resendTransport } from "../../../worker/mail/transport";
import { createDuel, endTurn, fake, HOUR, mailWorld, outboxRows } from "./helpers";
import { dbOf } from "../shard-db";

describe("one turn, one mail", () => {
  it("creating a game mails the invitation and the creator's link; one turn mails the next seat once, with subject, headers, link and summary", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w);
    let sent = await fake.sent(w.key);
    expect(sent.map((m) => [m.body.to[0], m.body.subject])).toEqual(
      expect.arrayContaining([
        [w.olga, `[hexpost] Hans invites you: DiceWars #${id.slice(0, 4)}: Hans v Olga`],
        [w.hans, `[hexpost] Your seat's link: DiceWars #${id.slice(0, 4)}: Hans v Olga`],
      ]),
    );
    expect(sent).toHaveLength(2);

    await endTurn(w.client, id, hans);
    sent = await fake.sent(w.key);
    expect(sent).toHaveLength(3);
    const mail = sent[2]!;
    const rows = await outboxRows(id);
    const row = rows.find((r) => r.kind === "your_turn")!;

    // recipient, subject (what the mail is, then the game's one subject), idempotency key = outbox id
    expect(mail.body.to).toEqual([w.olga]);
    expect(mail.body.from).toBe(w.env.MAIL_FROM);
    expect(mail.body.subject).toBe(`[hexpost] Your move: DiceWars #${id.slice(0, 4)}: Hans v Olga`);
    expect(mail.idempotencyKey).toBe(row.id);
    expect(row.status).toBe("sent");
    expect(row.provider_id).toBe(mail.id);
    expect(row.attempts).toBe(1);

    // the link carries Olga's token, in the fragment, and the proof that it was mailed to her address
    const token = await seatToken(w.env.TOKEN_SECRET, id, "p2", 0);
    const link = `${w.env.APP_URL}/g/${id}#t=${token}&a=${await addressProof(w.env.TOKEN_SECRET, id, "p2", w.olga)}`;
    expect(mail.body.text).toContain(link);
    expect(mail.body.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);

    // the summary: what Hans did, in describe() lines
    expect(row.payload.lines.length).toBeGreaterThan(0);
    expect(row.payload.lines.join("\n")).toMatch(/ends the turn/);
    for (const line of row.payload.lines) expect(mail.body.text.replace(/\s+/g, " ")).toContain(line);

    // threading: replies to the thread root the invitation started; one-click unsubscribe
    const invitation = sent.find((m) => m.body.to[0] === w.olga && m !== mail)!;
    expect(invitation.body.headers["Message-ID"]).toBe(`<game.${id}.p2@hexpost.test>`);
    expect(mail.body.headers["In-Reply-To"]).toBe(`<game.${id}.p2@hexpost.test>`);
    expect(mail.body.headers.References).toBe(`<game.${id}.p2@hexpost.test>`);
    expect(mail.body.headers["Message-ID"]).toBe(`<${row.id}@hexpost.test>`);
    expect(mail.body.headers["List-Unsubscribe"]).toMatch(new RegExp(`^<https://hexpost\\.test/api/unsubscribe\\?g=${id}&s=p2&sig=[A-Za-z0-9_-]+>$`));
    expect(mail.body.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.body.tags).toContainEqual({ name: "outbox", value: row.id });

    // Hans made the request: no mail for him
    expect(rows.filter((r) => r.kind === "your_turn" && r.seat === "p1")).toHaveLength(0);
    expect((await fake.requests(w.key)).length).toBe(3);
  });

  it("a bot reply does not mail the requester: one mail per hand-over, however many turns came before", async () => {
    const w = mailWorld();
    const res = await w.client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 3 }, seats: { p1: { email: w.hans, name: "Hans" }, p2: { bot: true }, p3: { email: w.olga, name: "Olga" } }, creator: "p1", seed: "bots" },
      undefined,
      { "cf-connecting-ip": "203.0.113.9" },
    );
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    await endTurn(w.client, id, res.body.you.token);
    const turns = (await outboxRows(id)).filter((r) => r.kind === "your_turn");
    expect(turns.map((r) => r.seat)).toEqual(["p3"]);
    // Olga's mail tells what Hans and the computer did
    expect(turns[0]!.payload.lines.length).toBeGreaterThan(1);
  });
});

describe("provider errors", () => {
  it("500 then 429 are retried with backoff and end in exactly one send", async () => {
    const w = mailWorld();
    await fake.failNext(w.key, 500, 1);
    await fake.failNext(w.key, 429, 1, { retryAfter: 1 });
    await fake.failNext(w.key, 500, 1, { name: "internal_server_error" });
    const { id } = await createDuel(w); // invitation + own link: both tries fail (500, 429)
    let rows = await outboxRows(id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ["pending", 1],
      ["pending", 1],
    ]);
    expect(rows.every((r) => r.next_attempt_at === w.clock.now() + backoff(1))).toBe(true);
    expect(rows.map((r) => r.last_error).join(" ")).toMatch(/500/);
    expect(rows.map((r) => r.last_error).join(" ")).toMatch(/429/);

    // Not yet due: the cron leaves them.
    w.clock.advance(backoff(1) - 1);
    expect((await runCron(w.deps)).drain.claimed).toBe(0);
    w.clock.advance(1);
    const second = await runCron(w.deps);
    expect(second.drain).toMatchObject({ claimed: 2, sent: 1, retried: 1 }); // the third scripted 500 hits one of them
    w.clock.advance(backoff(2));
    expect((await runCron(w.deps)).drain).toMatchObject({ claimed: 1, sent: 1 });

    rows = await outboxRows(id);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    const sent = await fake.sent(w.key);
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((m) => m.idempotencyKey))).toEqual(new Set(rows.map((r) => r.id)));
    // Every try of a row used the same key.
    const requests = await fake.requests(w.key);
    expect(requests.map((r) => r.status).sort()).toEqual([200, 200, 429, 500, 500]);
    for (const r of requests) expect(rows.map((x) => x.id)).toContain(r.idempotencyKey);
  });

  it("Resend's 409 for a request still in flight is retried; a 409 for a reused key with another body is not", async () => {
    const w = mailWorld();
    await fake.failNext(w.key, 409, 1, { name: "concurrent_idempotent_requests" });
    await fake.failNext(w.key, 409, 1, { name: "invalid_idempotent_request" });
    const { id } = await createDuel(w);
    const rows = await outboxRows(id);
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "pending"]);
    expect(rows.find((r) => r.status === "failed")!.last_error).toMatch(/409 invalid_idempotent_request/);
    w.clock.advance(backoff(1));
    await runCron(w.deps);
    expect((await outboxRows(id)).map((r) => r.status).sort()).toEqual(["failed", "sent"]);
  });

  it("422 is marked failed after one try, with the reason, and never retried", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w);
    await fake.failNext(w.key, 422, 1, { name: "validation_error" });
    await endTurn(w.client, id, hans);
    const row = (await outboxRows(id)).find((r) => r.kind === "your_turn")!;
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/422 validation_error/);
    w.clock.advance(24 * HOUR);
    await runCron(w.deps);
    // (other games of this file may have mail due: this one's row is what must not move)
    expect((await outboxRows(id)).find((r) => r.id === row.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await fake.requests(w.key)).filter((r) => r.idempotencyKey === row.id)).toHaveLength(1);
  });

  it("a mail that keeps failing ends failed and visible after the last try, well inside Resend's 24 h window", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w);
    await fake.failNext(w.key, 503, 100);
    const start = w.clock.now();
    await endTurn(w.client, id, hans);
    for (let i = 0; i < 40; i++) {
      w.clock.advance(5 * 60_000); // five of the cron's one-minute periods
      await runCron(w.deps);
    }
    for (let i = 0; i < 12; i++) {
      w.clock.advance(HOUR);
      await runCron(w.deps);
    }
    const row = (await outboxRows(id)).find((r) => r.kind === "your_turn")!;
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.last_error).toMatch(/gave up after 10 tries: 503/);
    const tries = (await fake.requests(w.key)).filter((r) => r.idempotencyKey === row.id);
    expect(tries).toHaveLength(MAX_ATTEMPTS);
    // The last try came long before Resend forgets the key.
    expect(row.first_attempt_at - start).toBeLessThan(60_000);
    let schedule = 0;
    for (let n = 1; n < MAX_ATTEMPTS; n++) schedule += backoff(n);
    expect(schedule).toBeLessThan(GIVE_UP_AFTER_MS);
    expect(GIVE_UP_AFTER_MS).toBeLessThan(24 * HOUR);
  });

  it("no RESEND_API_KEY outside dev mode: the mail fails visibly (dev mode is never inferred)", async () => {
    const w = mailWorld();
    const { id } = await createDuel(w, { crash: true });
    // the request that wrote them claimed died: the cron finds them once the lease has run out
    const report = (await runCron({ ...w.deps, env: { ...w.env, RESEND_API_KEY: undefined } })).drain;
    expect(report).toMatchObject({ claimed: 2, failed: 2 });
    const rows = await outboxRows(id);
    expect(rows.map((r) => r.last_error)).toEqual([expect.stringMatching(/RESEND_API_KEY is not set/), expect.stringMatching(/RESEND_API_KEY is not set/)]);
  });
});

describe("at most once, never lost", () => {
  it("a crash between commit and send is recovered by the cron", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { crash: true });
    await endTurn(w.crashing, id, hans);
    expect(await fake.sent(w.key)).toHaveLength(0);
    expect((await outboxRows(id)).map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
    // the hand-over's mail was written claimed by the request that died: nobody else's until its lease runs out
    expect((await runCron(w.deps)).drain).toMatchObject({ claimed: 2, sent: 2 });
    expect(await fake.sent(w.key)).toHaveLength(2);
    w.clock.advance(LEASE_MS);
    const report = await runCron(w.deps);
    expect(report.drain).toMatchObject({ claimed: 1, sent: 1 });
    const sent = await fake.sent(w.key);
    expect(sent.map((m) => m.body.to[0]).sort()).toEqual([w.hans, w.olga, w.olga]);
    expect((await runCron(w.deps)).drain.claimed).toBe(0);
  });

  it("a crash after claiming: the lease runs out and the next drainer sends it", async () => {
    const w = mailWorld();
    const { id } = await createDuel(w, { crash: true });
    // A drainer claims the rows and dies before sending: simulate by claiming with a transport-less run.
    await dbOf(id).prepare("UPDATE outbox SET leased_until = ?, attempts = 1, first_attempt_at = ? WHERE game_id = ?").bind(w.clock.now() + 120_000, w.clock.now(), id).run();
    expect((await runCron(w.deps)).drain.claimed).toBe(0);
    w.clock.advance(120_000);
    expect((await runCron(w.deps)).drain).toMatchObject({ claimed: 2, sent: 2 });
    expect((await outboxRows(id)).map((r) => r.attempts)).toEqual([2, 2]);
  });

  it("sent at Resend but the answer was lost: the retry reuses the key and the same body, so nothing is sent twice", async () => {
    const w = mailWorld();
    const { id } = await createDuel(w, { crash: true });
    const [row] = await outboxRows(id);
    // The first try reached Resend, then the Worker died before writing "sent".
    const mail = await composeMail(w.env, { ...row!, gameId: row!.game_id, createdAt: row!.created_at } as never);
    const first = await resendTransport(w.env).send({ ...mail, id: row!.id, kind: row!.kind, gameId: row!.game_id, seat: row!.seat });
    expect(first.ok).toBe(true);
    await runCron(w.deps);
    const rows = await outboxRows(id);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    const sent = await fake.sent(w.key);
    expect(sent).toHaveLength(2); // the earlier one and the other row: no duplicate
    expect(rows.find((r) => r.id === row!.id)!.provider_id).toBe((first as { providerId: string }).providerId);
    expect((await fake.requests(w.key)).filter((r) => r.idempotencyKey === row!.id).map((r) => r.status)).toEqual([200, 200]);
  });

  it("a cron run sends at most its limit of mails, so it fits a cold isolate's CPU; the next runs send the rest", async () => {
    const w = mailWorld();
    const games = await Promise.all([0, 1, 2, 3].map((i) => createDuel(w, { seed: `bound-${i}`, crash: true })));
    const ours = async () => (await Promise.all(games.map((g) => outboxRows(g.id)))).flat();
    // two games' rows as retries in outbox_due, two games' as written claimed by requests that died: a run's limit covers both kinds
    for (const g of games.slice(0, 2)) await dbOf(g.id).prepare("UPDATE outbox SET written_claimed = 0 WHERE game_id = ?").bind(g.id).run();
    const pending = (await ours()).filter((r) => r.status === "pending");
    expect(pending.filter((r) => r.written_claimed === 0).length).toBeGreaterThanOrEqual(Math.min(4, CRON_LIMITS.mails));
    expect(pending.length).toBeGreaterThan(CRON_LIMITS.mails);
    expect((await runCron(w.deps)).drain.claimed).toBe(CRON_LIMITS.mails);
    for (let runs = 0; (await ours()).some((r) => r.status === "pending"); runs++) {
      expect(runs, "the next runs should send the rest").toBeLessThan(10);
      expect((await runCron(w.deps)).drain.claimed).toBeLessThanOrEqual(CRON_LIMITS.mails);
    }
    expect((await ours()).every((r) => r.status === "sent")).toBe(true);
  });

  it("two drainers at once (the request's waitUntil and the cron) send each row once", async () => {
    const w = mailWorld();
    const games = await Promise.all([0, 1, 2].map((i) => createDuel(w, { seed: `race-${i}`, crash: true })));
    const due = () => drainDue(w.deps, CRON_LIMITS.mails);
    // rows written claimed by requests that died are the cron's to find, on each game's shard
    const reports = await Promise.all([due(), due(), ...games.map((g) => drainDue(forGame(w.deps, g.id), CRON_LIMITS.mails)), due()]);
    expect(reports.reduce((n, r) => n + r.claimed, 0)).toBe(6);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(6);
    const requests = await fake.requests(w.key);
    expect(requests).toHaveLength(6);
    expect(new Set(requests.map((r) => r.idempotencyKey)).size).toBe(6);
  });
});
