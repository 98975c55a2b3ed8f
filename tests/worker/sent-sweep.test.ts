/**
 * The cron's sweep of sent mail (games/sent-sweep.ts): a row sent or failed more than
 * SENT_MAIL_KEEP_DAYS ago is deleted; a pending row (a send that crashed, a held mail) never is,
 * and newer mail stays. (In production none is kept: a sent mail's result deletes it, webhook.test.ts.)
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runCron } from "../../worker/cron";
import { makeDeps } from "../../worker/deps";
import { SENT_MAIL_KEEP_DAYS } from "../../worker/mail/sent-record";
import { GameCache } from "../../worker/store/game-cache";
import { createDuel, endTurn, mailWorld } from "./mail/helpers";
import { dbOf } from "./shard-db";

const DAY = 86_400_000;

const statuses = async (id: string) =>
  (await dbOf(id).prepare("SELECT id, status FROM outbox WHERE game_id = ? ORDER BY id").bind(id).all<{ id: string; status: string }>()).results;

describe("sent mail leaves D1 after SENT_MAIL_KEEP_DAYS", () => {
  it("deletes mail sent more than a week ago, keeps a pending row of the same age and the mail of the last week", async () => {
    expect(SENT_MAIL_KEEP_DAYS).toEqual({ production: 0, dev: 7 });
    const w = mailWorld({ start: Date.UTC(2026, 5, 1, 12), env: { SENT_MAIL_KEEP_DAYS: "7" } });
    const { clock } = w;
    const cron = () => runCron(makeDeps(w.env, env.DB, { now: clock.now, cache: new GameCache() }));

    const { id: old } = await createDuel(w, { seed: "sweep-old", hoursPerTurn: null });
    await cron();
    const oldRows = await statuses(old);
    expect(oldRows.length, JSON.stringify(oldRows)).toBeGreaterThanOrEqual(2);
    expect(oldRows.every((r) => r.status === "sent"), JSON.stringify(oldRows)).toBe(true);
    // a send that crashed long ago: still pending, it must stay for its retry
    await dbOf(old).prepare("UPDATE outbox SET status = 'pending', next_attempt_at = ? WHERE id = ?").bind(clock.now() + 365 * DAY, oldRows[0]!.id).run();

    clock.advance(6 * DAY);
    const { id: recent } = await createDuel(w, { seed: "sweep-recent", hoursPerTurn: null });
    await cron();
    expect((await statuses(old)).length, "nothing is a week old yet").toBe(oldRows.length);

    clock.advance(2 * DAY);
    const report = await cron();
    expect(report.errors).toEqual([]);
    expect(await statuses(old)).toEqual([{ id: oldRows[0]!.id, status: "pending" }]);
    expect(report.sentMailSwept).toBeGreaterThanOrEqual(oldRows.length - 1);
    const recentRows = await statuses(recent);
    expect(recentRows.length).toBeGreaterThanOrEqual(2);
    expect(recentRows.every((r) => r.status === "sent")).toBe(true);
  });

  it("a held mail, whose id begins with its game (store/held-ids.ts), goes by the time it was written: a week after it was sent, not before", async () => {
    const w = mailWorld({ start: Date.UTC(2026, 6, 1, 12), env: { SENT_MAIL_KEEP_DAYS: "7" } });
    const cron = () => runCron(makeDeps(w.env, env.DB, { now: w.clock.now, cache: new GameCache() }));
    const { id, hans } = await createDuel(w, { seed: "sweep-held", hoursPerTurn: null, hold: 15 });
    await endTurn(w.client, id, hans);
    const held = (await statuses(id)).filter((r) => r.id.startsWith("~"));
    expect(held).toEqual([{ id: expect.stringMatching(new RegExp(`^~${id}~p2~`)), status: "pending" }]);
    w.clock.advance(20 * 60_000);
    await cron();
    expect((await statuses(id)).find((r) => r.id === held[0]!.id)?.status).toBe("sent");
    w.clock.advance(6 * DAY);
    await cron();
    expect((await statuses(id)).map((r) => r.id)).toContain(held[0]!.id);
    w.clock.advance(2 * DAY);
    await cron();
    expect(await statuses(id)).toEqual([]);
  });
});
