/** Mail written claimed (worker/mail/claimed.ts): the writing request sends it, nobody else, and a crash leaves it to the cron. */
import { describe, expect, it } from "vitest";
import { runCron } from "../../../worker/cron";
import { LEASE_MS } from "../../../worker/mail/drain";
import { createDuel, endTurn, fake, mailWorld, outboxRows } from "./helpers";

describe("mail written claimed", () => {
  it("hand-overs drained after their responses while two cron runs go: every mail sent once, each row written claimed with one try", async () => {
    const w = mailWorld();
    const games = await Promise.all([0, 1, 2].map((i) => createDuel(w, { seed: `claimed-${i}` })));
    const before = (await fake.requests(w.key)).length;
    await Promise.all([...games.map((g) => endTurn(w.client, g.id, g.hans)), runCron(w.deps), runCron(w.deps)]);
    await runCron(w.deps);
    const turnMails = (await Promise.all(games.map((g) => outboxRows(g.id)))).flat().filter((r) => r.kind === "your_turn");
    expect(turnMails.map((r) => [r.status, r.attempts])).toEqual(games.map(() => ["sent", 1]));
    const requests = (await fake.requests(w.key)).slice(before);
    expect(requests.map((r) => r.idempotencyKey).sort()).toEqual(turnMails.map((r) => r.id).sort());
  });

  it("written claimed by a request that died: the cron leaves it for the lease, then sends it once", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { seed: "claimed-crash" });
    await endTurn(w.crashing, id, hans);
    const [row] = (await outboxRows(id)).filter((r) => r.kind === "your_turn");
    expect([row!.status, row!.attempts, row!.next_attempt_at]).toEqual(["pending", 1, w.clock.now() + LEASE_MS]);
    expect((await runCron(w.deps)).drain.claimed).toBe(0);
    w.clock.advance(LEASE_MS);
    expect((await runCron(w.deps)).drain).toMatchObject({ claimed: 1, sent: 1 });
    expect((await runCron(w.deps)).drain.claimed).toBe(0);
    const sent = (await fake.requests(w.key)).filter((r) => r.idempotencyKey === row!.id);
    expect(sent).toHaveLength(1);
  });
});
