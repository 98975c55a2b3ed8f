import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runCron } from "../../../worker/cron";
import { DIGEST_FROM_GAMES } from "../../../worker/mail/drain";
import { nextDigestAt } from "../../../worker/mail/handover";
import { browserSubscription, decryptPush } from "../push-keys";
import { createDuel, endTurn, fake, HOUR, outboxRows } from "../mail/helpers";
import { addChannel, base64Bytes, deliveryWorld, MINUTE, received, SINK, uniqueName } from "./world";

const mailRows = async (id: string, seat: string) => (await outboxRows(id)).filter((r) => r.seat === seat && r.channel_id === null && r.kind !== "invitation");

describe("the daily mail budget", () => {
  it(`an address with ${DIGEST_FROM_GAMES} active games gets its held turn mail as a digest at the next 07:00 UTC`, async () => {
    const w = deliveryWorld();
    const games = [];
    for (let i = 0; i < DIGEST_FROM_GAMES; i++) games.push(await createDuel(w.world, { hold: 15, seed: `budget-${i}` }));
    const { id, hans } = games[0]!;
    // (no push here: a notice that reaches her by push makes the held mail unneeded, channels.test.ts)
    await endTurn(w.client, id, hans);

    w.clock.advance(15 * MINUTE);
    const due = w.clock.now();
    await runCron(w.deps);
    await w.drain(id);
    const [row, ...more] = await mailRows(id, "p2");
    expect(more).toEqual([]);
    expect([row!.kind, row!.status, row!.held, row!.next_attempt_at]).toEqual(["digest", "pending", 0, nextDigestAt(due)]);
    expect(new Date(row!.next_attempt_at).toISOString()).toMatch(/T07:00:00\.000Z$/);
    expect((await fake.sent(w.key)).filter((m) => m.body.to.includes(w.olga) && !m.body.subject.includes("invites you"))).toEqual([]);
  });

  /**
   * Fails (bug): the budget turns an every_turn seat's held mail into a digest row, but
   * gamesAwaitingDigests (worker/store/mail-rows.ts) lists only seats whose prefs are "digest",
   * so at 07:00 the row is "skipped: no game awaits this address any more" and the news is lost.
   */
  it(`the budget's digest goes at 07:00 and lists the game`, async () => {
    const w = deliveryWorld();
    const games = [];
    for (let i = 0; i < DIGEST_FROM_GAMES; i++) games.push(await createDuel(w.world, { hold: 15, seed: `budget-${i}` }));
    const { id, hans } = games[0]!;
    await endTurn(w.client, id, hans);
    w.clock.advance(15 * MINUTE);
    await runCron(w.deps);
    await w.drain(id);
    const [row] = await mailRows(id, "p2");
    expect(row!.kind).toBe("digest");
    w.clock.set(row!.next_attempt_at);
    await runCron(w.deps);
    await w.drain(id);
    const [digest] = await mailRows(id, "p2");
    expect([digest!.kind, digest!.status, digest!.last_error]).toEqual(["digest", "sent", null]);
    const sent = (await fake.sent(w.key)).filter((m) => m.body.to.includes(w.olga) && !m.body.subject.includes("invites you"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.subject).toMatch(/awaits? your move/);
    expect(sent[0]!.body.text).toContain(`/g/${id}`);
  });

  it(`with ${DIGEST_FROM_GAMES - 1} active games the held mail goes as itself`, async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15, seed: "budget-a" });
    await createDuel(w.world, { hold: 15, seed: "budget-b" });
    await endTurn(w.client, id, hans);
    w.clock.advance(15 * MINUTE);
    await runCron(w.deps);
    await w.drain(id);
    expect((await mailRows(id, "p2")).map((r) => [r.kind, r.status])).toEqual([["your_turn", "sent"]]);
  });
});

/** This game's reminder mails (the cron's report counts every game of the file's D1). */
const reminderMails = async (id: string) => (await outboxRows(id)).filter((r) => r.kind === "reminder" && r.channel_id === null).length;

describe("escalating reminders", () => {
  it("a 72-hour turn gets a reminder 24 h before the deadline and another 4 h before, on push as well as mail", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15, hoursPerTurn: 72 });
    const name = uniqueName("remind");
    const browser = await browserSubscription(`${SINK}/push/${name}`);
    const { channel } = await addChannel(w, id, hans, { kind: "push", subscription: browser.json });
    const deadline = (await w.client.get(`/api/games/${id}`)).body.deadline as number;
    expect(deadline).toBe(w.clock.now() + 72 * HOUR);
    const reminders = async () => (await outboxRows(id)).filter((r) => r.kind === "reminder");

    w.clock.set(deadline - 24 * HOUR - MINUTE);
    await runCron(w.deps);
    expect(await reminderMails(id)).toBe(0);
    w.clock.set(deadline - 24 * HOUR);
    await runCron(w.deps);
    expect(await reminderMails(id)).toBe(1);
    await w.drain(id);
    // the push that reached the push service leaves no row (drain.ts): the mail's stays, sent
    let rows = await reminders();
    expect(rows.map((r) => [r.seat, r.channel_id, r.held, r.status])).toEqual([["p1", null, 0, "sent"]]);
    let pushed = await received(name);
    expect(pushed).toHaveLength(1);
    expect(JSON.parse(await decryptPush(base64Bytes(pushed[0]!.body!), browser.keys, pushed[0]!.headers)).kind).toBe("reminder");

    w.clock.set(deadline - 4 * HOUR - MINUTE);
    await runCron(w.deps);
    expect(await reminderMails(id)).toBe(1);
    w.clock.set(deadline - 4 * HOUR);
    await runCron(w.deps);
    expect(await reminderMails(id)).toBe(2);
    await w.drain(id);
    rows = await reminders();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.seat === "p1" && r.channel_id === null && r.status === "sent")).toBe(true);
    pushed = await received(name);
    expect(pushed).toHaveLength(2);
    // the cron sends the other games' reminders of this file too: Hans's address is this test's own
    const mails = (await fake.sent(w.key)).filter((m) => m.body.subject.startsWith("[hexpost] Reminder, your move") && m.body.to.includes(w.hans));
    expect(mails.map((m) => m.body.to)).toEqual([[w.hans], [w.hans]]);
    expect(mails[0]!.body.text.replace(/\s+/g, " ")).toContain("24 hours");
    expect(mails[1]!.body.text.replace(/\s+/g, " ")).toContain("4 hours");

    w.clock.set(deadline - MINUTE);
    await runCron(w.deps);
    expect(await reminderMails(id)).toBe(2);
  });

  it("a 24-hour turn gets only the 4-hour reminder", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15, hoursPerTurn: 24 });
    const name = uniqueName("remind24");
    const browser = await browserSubscription(`${SINK}/push/${name}`);
    await addChannel(w, id, hans, { kind: "push", subscription: browser.json });
    const deadline = w.clock.now() + 24 * HOUR;
    for (const at of [MINUTE, HOUR, 10 * HOUR, 20 * HOUR - MINUTE]) {
      w.clock.set(deadline - 24 * HOUR + at);
      await runCron(w.deps);
    expect(await reminderMails(id), `at ${at / MINUTE} minutes`).toBe(0);
    }
    w.clock.set(deadline - 4 * HOUR);
    await runCron(w.deps);
    expect(await reminderMails(id)).toBe(1);
    await w.drain(id);
    expect((await outboxRows(id)).filter((r) => r.kind === "reminder").map((r) => [r.channel_id, r.status])).toEqual([[null, "sent"]]);
    expect(await received(name)).toHaveLength(1);
    w.clock.set(deadline - MINUTE);
    await runCron(w.deps);
    expect(await reminderMails(id)).toBe(1);
    await env.DB.prepare("SELECT 1").run();
  });
});
