/**
 * Mail written claimed by a request that died (store/outbox.ts `orphanWindow`): the cron looks for
 * such rows among the last half hour's ids on every run, and among all ids at the top of each hour.
 * A file of its own, with a clock of its own: a cron run at the top of the hour claims every
 * orphan in the database, another test's included.
 */
import { describe, expect, it } from "vitest";
import { runCron } from "../../../worker/cron";
import { createDuel, fake, mailWorld, outboxRows } from "./helpers";

const MINUTE = 60_000;

describe("an orphan older than the half hour", () => {
  it("waits for the top of the hour and is sent there, once", async () => {
    const w = mailWorld({ start: Date.UTC(2026, 10, 23, 10, 5) });
    const { id } = await createDuel(w, { crash: true, seed: "orphan-hour" });
    const pending = async () => (await outboxRows(id)).map((r) => [r.kind, r.status, r.attempts]);
    const written = await pending();
    expect(written).toEqual([
      ["your_link", "pending", 1],
      ["invitation", "pending", 1],
    ]);

    // 10:36 and 10:59: the rows, written at 10:05, are older than the half hour the cron searches
    w.clock.set(Date.UTC(2026, 10, 23, 10, 36));
    await runCron(w.deps);
    w.clock.set(Date.UTC(2026, 10, 23, 10, 59));
    await runCron(w.deps);
    expect(await pending()).toEqual(written);
    expect(await fake.requests(w.key)).toHaveLength(0);

    // 11:00: the top of the hour searches every id
    w.clock.set(Date.UTC(2026, 10, 23, 11, 0));
    await runCron(w.deps);
    expect((await outboxRows(id)).map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ["your_link", "sent", 2],
      ["invitation", "sent", 2],
    ]);
    w.clock.advance(MINUTE);
    await runCron(w.deps);
    const tries = await fake.requests(w.key);
    expect(tries.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(tries.map((r) => r.idempotencyKey))).toEqual(new Set((await outboxRows(id)).map((r) => r.id)));
  });
});
