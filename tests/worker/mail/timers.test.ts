import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seatToken } from "../../../worker/auth";
import { runCron } from "../../../worker/cron";
import { freshIp } from "../helpers";
import { createDuel, endTurn, fake, gameRow, HOUR, mailWorld, outboxRows, seatRow } from "./helpers";
import { dbOf } from "../shard-db";
import { orphanWindow, ORPHANS_LATELY_MS } from "../../../worker/store/outbox";
import { openDb } from "../../../worker/store/repository";
import { nextTimerAt } from "../../../worker/store/timer-at";
import { storedTimerMoment } from "../../../worker/store/timers";

const MINUTE = 60_000;

describe("reminders and deadlines", () => {
  it("a reminder goes out 4 hours before the deadline (of a 24-hour turn: no reminder a day before), once, to the seat that must move; a move restarts the clock", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { hoursPerTurn: 24 });
    const created = w.clock.now();
    w.clock.advance(20 * HOUR - MINUTE);
    expect((await runCron(w.deps)).reminders).toBe(0);
    w.clock.advance(MINUTE);
    const run = await runCron(w.deps);
    expect(run).toMatchObject({ reminders: 1, deadlineNotices: 0, timerMails: 1 });
    let reminders = (await outboxRows(id)).filter((r) => r.kind === "reminder");
    expect(reminders.map((r) => [r.seat, r.status])).toEqual([["p1", "sent"]]);
    const mail = (await fake.sent(w.key)).at(-1)!;
    expect(mail.body.to).toEqual([w.hans]);
    expect(mail.body.subject).toBe(`[hexpost] Reminder, your move: DiceWars #${id.slice(0, 4)}: Hans v Olga`);
    expect(mail.body.text.replace(/\s+/g, " ")).toContain("About 4 hours left");
    expect(mail.body.text).toContain(`https://hexpost.test/g/${id}#t=${hans}`);
    // vacation is one tap from the reminder: the seat's link, asking the page for its switch
    expect(mail.body.text).toMatch(new RegExp(`https://hexpost\\.test/g/${id}#t=${hans}&a=[\\w-]+&do=vacation`));
    // the last reminder of this deadline (a 24-hour turn has no day-before one)
    expect((await gameRow(id))!.reminded).toBe(2);

    w.clock.advance(2 * HOUR);
    expect((await runCron(w.deps)).reminders).toBe(0);

    // Hans moves at 22 h: Olga's clock starts, 24 h from now.
    await endTurn(w.client, id, hans);
    const game = await gameRow(id);
    expect(game!.deadline).toBe(w.clock.now() + 24 * HOUR);
    expect(game!.reminded).toBe(0);
    w.clock.set(created + 22 * HOUR + 20 * HOUR - MINUTE);
    expect((await runCron(w.deps)).reminders).toBe(0);
    w.clock.advance(MINUTE);
    expect((await runCron(w.deps)).reminders).toBe(1);
    reminders = (await outboxRows(id)).filter((r) => r.kind === "reminder");
    expect(reminders.map((r) => r.seat)).toEqual(["p1", "p2"]);
  });

  it("a hand-over leaves the cron's key where it was; the cron, finding it early, moves it to the game's timer, and the reminder comes on time", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { hoursPerTurn: 168 });
    const olga = await seatToken(env.TOKEN_SECRET, id, "p2", 0);
    const created = w.clock.now();
    const key = async () => (await gameRow(id))!.timer_at as number | null;
    // a week's turn: the first reminder is due a day before the deadline
    expect(await key()).toBe(created + 144 * HOUR);
    // two hand-overs two days apart: each deadline is later, the key stays (no index entry moved)
    w.clock.set(created + 48 * HOUR);
    await endTurn(w.client, id, hans);
    w.clock.set(created + 96 * HOUR);
    await endTurn(w.client, id, olga);
    expect((await gameRow(id))!.deadline).toBe(created + 96 * HOUR + 168 * HOUR);
    expect(await key()).toBe(created + 144 * HOUR);
    // the key's moment: nothing is due yet; the key goes to the game's own timer
    w.clock.set(created + 144 * HOUR);
    expect((await runCron(w.deps)).reminders).toBe(0);
    expect(await key()).toBe(created + 96 * HOUR + 144 * HOUR);
    w.clock.set(created + 240 * HOUR - MINUTE);
    expect((await runCron(w.deps)).reminders).toBe(0);
    w.clock.advance(MINUTE);
    expect((await runCron(w.deps)).reminders).toBe(1);
    expect((await outboxRows(id)).filter((r) => r.kind === "reminder").map((r) => r.seat)).toEqual(["p1"]);
    // then the 4-hour reminder's moment, then the deadline's, then none once noticed
    expect(await key()).toBe(created + 96 * HOUR + 164 * HOUR);
    w.clock.set(created + 260 * HOUR);
    expect((await runCron(w.deps)).reminders).toBe(1);
    expect(await key()).toBe(created + 264 * HOUR);
    w.clock.set(created + 264 * HOUR);
    expect((await runCron(w.deps)).deadlineNotices).toBe(1);
    expect(await key()).toBeNull();
  });

  it("the cron's SQL timer (store/timers.ts timerMoment) says what nextTimerAt says, case by case", async () => {
    const cases = [
      { status: "active", deadline: 100 * HOUR, deadlineNoticed: 0, reminded: 0, hoursPerTurn: 168 },
      { status: "active", deadline: 100 * HOUR, deadlineNoticed: 0, reminded: 0, hoursPerTurn: 24 },
      { status: "active", deadline: 100 * HOUR, deadlineNoticed: 0, reminded: 1, hoursPerTurn: 168 },
      { status: "active", deadline: 100 * HOUR, deadlineNoticed: 0, reminded: 2, hoursPerTurn: 48 },
      { status: "active", deadline: 100 * HOUR, deadlineNoticed: 1, reminded: 2, hoursPerTurn: 48 },
      { status: "active", deadline: null, deadlineNoticed: 0, reminded: 0, hoursPerTurn: null },
      { status: "finished", deadline: 100 * HOUR, deadlineNoticed: 0, reminded: 0, hoursPerTurn: 72 },
    ] as const;
    const db = openDb(env.DB);
    for (const [i, c] of cases.entries()) {
      const id = `timer-moment-${i}`;
      await env.DB.prepare("INSERT INTO games (id, ruleset, scenario, options, state, seq, to_act, status, seed, seed_commitment, created_at, updated_at, hours_per_turn, deadline, reminded, deadline_noticed) VALUES (?, 'dicewars', '10x10', '{}', 'null', 0, '[]', ?, 's', 'c', 0, 0, ?, ?, ?, ?)")
        .bind(id, c.status, c.hoursPerTurn, c.deadline, c.reminded, c.deadlineNoticed)
        .run();
      expect(await storedTimerMoment(db, id), JSON.stringify(c)).toBe(nextTimerAt(c));
      await env.DB.prepare("DELETE FROM games WHERE id = ?").bind(id).run();
    }
  });

  it("early keys do not take a run's places: 30 keys that came early and one reminder due, all in one run", async () => {
    // a world a game: the invitation limit counts per address and day
    const worlds = Array.from({ length: 31 }, () => mailWorld());
    const games = await Promise.all(worlds.map((w, i) => createDuel(w, { hoursPerTurn: i === 30 ? 24 : 168, seed: `early-key-${i}` })));
    const due = games[30]!.id;
    const early = games.slice(0, 30).map((g) => g.id);
    const created = worlds[30]!.clock.now();
    // keys left behind by hand-overs: each game's key comes at once, its timer days later
    for (const id of early) await dbOf(id).prepare("UPDATE games SET timer_at = ? WHERE id = ?").bind(created, id).run();
    const w = worlds[30]!;
    w.clock.set(created + 20 * HOUR);
    expect((await runCron(w.deps)).reminders).toBe(1);
    expect((await outboxRows(due)).filter((r) => r.kind === "reminder").map((r) => r.seat)).toEqual(["p1"]);
    for (const id of early) expect((await gameRow(id))!.timer_at, id).toBe(created + 144 * HOUR);
    // over, so that the cron of the tests after this one never finds them due
    for (const [i, g] of games.entries()) expect((await worlds[i]!.client.post(`/api/games/${g.id}/resign`, {}, g.hans)).status).toBe(200);
    // and their mail gone: the sweep of a later test deletes at most its limit of sent mail a run
    for (const g of games) await dbOf(g.id).prepare("DELETE FROM outbox WHERE game_id = ?").bind(g.id).run();
  });

  it("a deadline that comes earlier (a vacation ended early) brings the key with it", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { hoursPerTurn: 48 });
    const created = w.clock.now();
    const key = async () => (await gameRow(id))!.timer_at as number | null;
    expect((await w.client.call("PUT", `/api/games/${id}/vacation`, { days: 5 }, { authorization: `Bearer ${hans}` })).status).toBe(200);
    expect(await key()).toBe(created + 48 * HOUR - 24 * HOUR);
    // a key that comes early is moved by the cron; then the return, 4 days early, brings the deadline in
    w.clock.set(created + 24 * HOUR);
    expect((await runCron(w.deps)).reminders).toBe(0);
    expect(await key()).toBe(created + 5 * 24 * HOUR + 24 * HOUR);
    expect((await w.client.call("PUT", `/api/games/${id}/vacation`, { days: 0 }, { authorization: `Bearer ${hans}` })).status).toBe(200);
    const deadline = (await gameRow(id))!.deadline as number;
    expect(deadline).toBe(created + 24 * HOUR + 48 * HOUR);
    expect(await key()).toBe(deadline - 24 * HOUR);
    w.clock.set(deadline - 24 * HOUR);
    expect((await runCron(w.deps)).reminders).toBe(1);
    expect((await w.client.post(`/api/games/${id}/resign`, {}, hans)).status).toBe(200);
  });

  it("no reminder falls due while the game is paused by agreement; after the pause the clock's last 4 hours bring it", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { hoursPerTurn: 24 });
    const olga = await seatToken(env.TOKEN_SECRET, id, "p2", 0);
    const until = w.clock.now() + 3 * 24 * HOUR;
    expect((await w.client.post(`/api/games/${id}/pause`, { until }, hans)).status).toBe(200);
    expect((await w.client.post(`/api/games/${id}/proposal`, { agree: true }, olga)).body.pausedUntil).toBe(until);
    // 20 hours in: without the pause the reminder (a quarter of the time left) would be due
    w.clock.advance(20 * HOUR);
    expect((await runCron(w.deps)).reminders).toBe(0);
    w.clock.set(until + 20 * HOUR - MINUTE);
    expect((await runCron(w.deps)).reminders).toBe(0);
    w.clock.advance(MINUTE);
    expect((await runCron(w.deps)).reminders).toBe(1);
    // over, so that the cron of the tests after this one never finds it due
    expect((await w.client.post(`/api/games/${id}/resign`, {}, hans)).status).toBe(200);
  });

  it("a vacation taken after the reminder moves the deadline and re-arms the reminder for it", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { hoursPerTurn: 24 });
    w.clock.advance(20 * HOUR);
    expect((await runCron(w.deps)).reminders).toBe(1);
    expect((await w.client.call("PUT", `/api/games/${id}/vacation`, { days: 2 }, { authorization: `Bearer ${hans}` })).status).toBe(200);
    expect((await gameRow(id))!.reminded).toBe(0);
    w.clock.advance(2 * 24 * HOUR);
    expect((await runCron(w.deps)).reminders).toBe(1);
    expect((await w.client.post(`/api/games/${id}/resign`, {}, hans)).status).toBe(200);
  });

  it("when the deadline passes everyone is told, the late seat differently; then another seat may claim: with two seats the claimant wins on time", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w, { hoursPerTurn: 48 });
    const olga = await seatToken(env.TOKEN_SECRET, id, "p2", 0);

    w.clock.advance(47 * HOUR);
    const early = await w.client.post(`/api/games/${id}/claim-timeout`, {}, olga);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("not_late");
    await runCron(w.deps); // the reminder

    w.clock.advance(HOUR);
    const run = await runCron(w.deps);
    expect(run).toMatchObject({ deadlineNotices: 1, timerMails: 2 });
    expect((await runCron(w.deps)).deadlineNotices).toBe(0);
    const notices = (await outboxRows(id)).filter((r) => r.kind === "deadline");
    expect(notices.map((r) => [r.seat, r.payload.isLate, r.payload.claim, r.status])).toEqual([
      ["p1", true, "win", "sent"],
      ["p2", false, "win", "sent"],
    ]);
    const sent = await fake.sent(w.key);
    const toHans = sent.filter((m) => m.body.to[0] === w.hans).at(-1)!.body.text.replace(/\s+/g, " ");
    const toOlga = sent.filter((m) => m.body.to[0] === w.olga).at(-1)!.body.text.replace(/\s+/g, " ");
    expect(toHans).toContain("The deadline for your move passed");
    expect(toOlga).toContain("Hans did not move by the deadline");
    expect(toOlga).toContain("claim a timeout");

    // The late seat itself cannot claim; a spectator cannot either.
    expect((await w.client.post(`/api/games/${id}/claim-timeout`, {}, hans)).status).toBe(403);
    expect((await w.client.post(`/api/games/${id}/claim-timeout`, {})).status).toBe(401);

    const claim = await w.client.post(`/api/games/${id}/claim-timeout`, undefined, olga);
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body.outcome).toMatchObject({ result: "win", winners: ["p2"], reason: "timeout" });
    expect(claim.body.outcome.line).toMatch(/wins on time/);
    expect(claim.body.status).toBe("finished");
    const view = (await w.client.get(`/api/games/${id}`)).body;
    expect(view.status).toBe("finished");
    expect(view.outcome.reason).toBe("timeout");
    const log = (await w.client.get(`/api/games/${id}/log`)).body.entries;
    expect(log.at(-1).seat).toBe("p2");
    const overs = (await outboxRows(id)).filter((r) => r.kind === "game_over");
    expect(overs.map((r) => [r.seat, r.status])).toEqual([
      ["p1", "sent"],
      ["p2", "sent"],
    ]);
    const last = (await fake.sent(w.key)).filter((m) => m.body.to[0] === w.olga).at(-1)!.body.text.replace(/\s+/g, " ");
    expect(last).toContain("You won on time");
    expect(last).toContain("mail-test-seed");
    // Over: nothing more to claim, nothing more to remind.
    expect((await w.client.post(`/api/games/${id}/claim-timeout`, {}, olga)).status).toBe(410);
    w.clock.advance(100 * HOUR);
    const after = await runCron(w.deps);
    expect(after.reminders + after.deadlineNotices).toBe(0);
  });

  it("with more than two seats the computer takes the late seat and the game goes on", async () => {
    const w = mailWorld();
    const ivan = w.olga.replace("olga", "ivan");
    const res = await w.client.post(
      "/api/games",
      {
        ruleset: "dicewars",
        scenario: "10x10",
        options: { players: 3 },
        seats: { p1: { email: w.hans, name: "Hans" }, p2: { email: w.olga, name: "Olga" }, p3: { email: ivan, name: "Ivan" } },
        creator: "p1",
        hoursPerTurn: 24,
        seed: "three",
      },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    w.clock.advance(24 * HOUR);
    await runCron(w.deps);
    const notices = (await outboxRows(id)).filter((r) => r.kind === "deadline");
    expect(notices.map((r) => [r.seat, r.payload.claim])).toEqual([
      ["p1", "computer"],
      ["p2", "computer"],
      ["p3", "computer"],
    ]);
    const ivanToken = await seatToken(env.TOKEN_SECRET, id, "p3", 0);
    const claim = await w.client.post(`/api/games/${id}/claim-timeout`, {}, ivanToken);
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body.status).toBe("active");
    expect(claim.body.claimed).toBe("p1");
    expect((await seatRow(id, "p1"))!.bot).toBe(1);
    // The computer played p1's turn at once; Olga (p2) must move and was mailed, with a fresh deadline.
    expect(claim.body.toAct).toEqual(["p2"]);
    const game = await gameRow(id);
    expect(game!.deadline).toBe(w.clock.now() + 24 * HOUR);
    expect(game!.deadline_noticed).toBe(0);
    // her mail waits the default 15 minutes for her to come and look, then goes
    const turn = () => outboxRows(id).then((rows) => rows.filter((r) => r.kind === "your_turn").map((r) => [r.seat, r.status, r.held]));
    expect(await turn()).toEqual([["p2", "pending", 1]]);
    w.clock.advance(15 * MINUTE);
    await runCron(w.deps);
    expect(await turn()).toEqual([["p2", "sent", 1]]);
  });

  it("a game without a time limit gets no reminder and no timeout", async () => {
    const w = mailWorld();
    const { id } = await createDuel(w, { hoursPerTurn: null });
    w.clock.advance(1000 * HOUR);
    await runCron(w.deps);
    // 41 days on, the two mails of the start were sent long enough ago for the cron to delete them (SENT_MAIL_KEEP_DAYS): what counts is that it wrote nothing
    expect((await outboxRows(id)).map((r) => r.kind)).toEqual([]);
    expect((await gameRow(id))!.deadline).toBeNull();
    const claim = await w.client.post(`/api/games/${id}/claim-timeout`, {}, await seatToken(env.TOKEN_SECRET, id, "p2", 0));
    expect(claim.status).toBe(409);
    expect(claim.body.error).toBe("no_deadline");
  });

  it("the cron resumes a game whose bots are waiting, and mails the human they hand over to", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w);
    await endTurn(w.client, id, hans);
    // As if Olga's seat had gone to the computer and the request's bot budget ran out.
    await dbOf(id).batch([
      dbOf(id).prepare("UPDATE seats SET bot = 1 WHERE game_id = ? AND seat = 'p2'").bind(id),
      dbOf(id).prepare("UPDATE games SET bots_waiting = 1 WHERE id = ?").bind(id),
    ]);
    const run = await runCron(w.deps);
    expect(run.botsResumed).toBe(1);
    expect((await gameRow(id))!.bots_waiting).toBe(0);
    const turns = (await outboxRows(id)).filter((r) => r.kind === "your_turn");
    expect(turns.map((r) => [r.seat, r.status])).toEqual([
      ["p2", "sent"],
      ["p1", "sent"],
    ]);
    expect((await runCron(w.deps)).botsResumed).toBe(0);
  });
});

describe("the cron reads through partial indexes, never every game", () => {
  it("due timers, waiting bots, due mail and a seat's held mail are each found by their index or their ids", async () => {
    const plan = async (query: string) =>
      ((await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).bind(Date.now()).all()).results as { detail: string }[]).map((r) => r.detail).join(" | ");
    const timers = await plan(`SELECT id FROM games WHERE timer_at IS NOT NULL AND timer_at <= ? ORDER BY timer_at LIMIT 50`);
    expect(timers).toMatch(/SEARCH games USING INDEX games_timer \(timer_at>\? AND timer_at<\?\)/);
    const outbox = await plan(`SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? AND written_claimed = 0 ORDER BY next_attempt_at LIMIT 40`);
    expect(outbox).toMatch(/USING (COVERING )?INDEX outbox_due/);
    // rows written claimed whose request died: the rows written lately, by the time their ids begin with
    const orphans = await plan(`SELECT id FROM outbox WHERE id >= ?1 AND id < '~' AND status = 'pending' AND written_claimed = 1 AND next_attempt_at <= ?1 ORDER BY id LIMIT 40`);
    expect(orphans).toMatch(/SEARCH outbox USING PRIMARY KEY \(id>\? AND id<\?\)/);
    // a seat's held mails of a game (its opening, a notice that reached it, a reply, their collapse): its range of ids (store/held-ids.ts)
    const held = await plan(`SELECT id FROM outbox WHERE id > ?1 AND id < ?1 || '~' AND held = 1 AND status = 'pending' AND attempts = 0`);
    expect(held).toMatch(/SEARCH outbox USING PRIMARY KEY \(id>\? AND id<\?\)/);
    const bots = await plan(`SELECT id FROM games WHERE bots_waiting = 1 AND status = 'active' AND ? > 0 ORDER BY updated_at LIMIT 10`);
    expect(bots).toMatch(/USING INDEX games_bots_waiting/);
  });

  it("a run's D1 reads do not grow with the number of games", async () => {
    const w = mailWorld();
    const { meteredD1, newMeter } = await import("../../../worker/store/meter");
    const { openShards } = await import("../../../worker/store/shards");
    const measure = async () => {
      // the run's sweep of rate-limit windows reads a slice of that table (bounded: rate-limit.test.ts),
      // which the creates below grow: left empty here, so that only the games differ
      await env.DB.prepare("DELETE FROM rate_limits").run();
      const meter = newMeter();
      const shards = openShards(w.env, { wrap: (d1) => meteredD1(d1, meter) });
      await runCron({ ...w.deps, shards, db: shards.home });
      return meter;
    };
    // Out of the window in which the cron looks for mail written claimed by a request that died
    // (store/outbox.ts orphanWindow): the rows written in it are read, however many games wrote them.
    const pastOrphanWindow = () => {
      w.clock.advance(ORPHANS_LATELY_MS + MINUTE);
      if (orphanWindow(w.clock.now()) !== ORPHANS_LATELY_MS) w.clock.advance(MINUTE);
    };
    await createDuel(w, { seed: "idle-first", hoursPerTurn: 168 });
    pastOrphanWindow();
    await measure(); // whatever was due is done
    const few = await measure();
    for (let i = 0; i < 12; i++) await createDuel(mailWorld({ start: w.clock.now() }), { seed: `idle-${i}`, hoursPerTurn: 168 });
    pastOrphanWindow();
    const many = await measure();
    expect(many.rowsRead).toBe(few.rowsRead);
    expect(many.roundTrips).toBe(few.roundTrips);
  });
});
