/**
 * Pause by agreement: a proposal, everyone's agreement, the clocks stopped (deadline pushed, no
 * timeout claimed), a resume by agreement, a decline, and every step a turn row in the log that
 * the export's verifier follows.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyExport } from "../../worker/play/verify";
import { api, freshIp, OUTBOX_WRITTEN_ORDER, testClock } from "./helpers";
import { createMoscow, tokenFor } from "./play";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const clock = testClock();
const client = api({ now: clock.now });
const view = async (id: string, token?: string) => (await client.get(`/api/games/${id}`, token)).body;
const pause = (id: string, token: string, until: number) => client.post(`/api/games/${id}/pause`, { until }, token);
const answer = (id: string, token: string, agree: boolean) => client.post(`/api/games/${id}/proposal`, { agree }, token);
const mails = async (id: string, kind: string) =>
  (await env.DB.prepare(`SELECT recipient, payload FROM outbox WHERE game_id = ? AND kind = ? ORDER BY ${OUTBOX_WRITTEN_ORDER}`).bind(id, kind).all<{ recipient: string; payload: string }>()).results.map((r) => ({
    to: r.recipient,
    ...JSON.parse(r.payload).pause,
  }));

describe("pause by agreement", () => {
  it("a proposal waits for every human; once all agree the clocks stop until the date, and nobody may claim a timeout", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 24 });
    const start = await view(id, german);
    const until = clock.now() + 5 * DAY;
    const proposed = await pause(id, soviet, until);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect(proposed.body.proposal).toEqual({ kind: "pause", by: "soviet", until, agreed: ["soviet"] });
    expect(proposed.body.pausedUntil).toBeNull();
    // the other player is asked by mail, and sees it on the page
    expect(await mails(id, "pause")).toEqual([{ to: "hans@example.com", what: "pause_proposed", by: "Olga", until }]);
    expect((await view(id, german)).proposal).toEqual({ kind: "pause", by: "soviet", until, agreed: ["soviet"] });
    // one proposal at a time, and no second agreement
    expect((await pause(id, german, until)).body.error).toBe("proposal_open");
    expect((await answer(id, soviet, true)).body.error).toBe("already_agreed");

    clock.advance(HOUR);
    const agreed = await answer(id, german, true);
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
    expect(agreed.body.events).toEqual([{ kind: "proposal_agreed", seat: "german" }, { kind: "paused", until }]);
    const paused = await view(id, soviet);
    expect([paused.pausedUntil, paused.proposal]).toEqual([until, null]);
    // the deadline moved by the pause's length: the clock stood still from the moment all agreed
    expect(paused.deadline).toBe(start.deadline + (until - clock.now()));
    expect((await mails(id, "pause")).at(-1)).toEqual({ to: "olga@example.com", what: "paused", by: "Hans", until });

    clock.set(start.deadline + HOUR);
    const claim = await client.post(`/api/games/${id}/claim-timeout`, {}, soviet);
    expect([claim.status, claim.body.error]).toEqual([409, "paused"]);
    expect((await pause(id, german, until + DAY)).body.error).toBe("paused");

    // the pause ends by itself at its date; the time left before it runs again
    clock.set(until + HOUR);
    const after = await view(id, soviet);
    expect(after.pausedUntil).toBeNull();
    expect((await client.post(`/api/games/${id}/claim-timeout`, {}, soviet)).body.error).toBe("not_late");
    clock.set(paused.deadline + HOUR);
    expect((await client.post(`/api/games/${id}/claim-timeout`, {}, soviet)).status).toBe(200);
  });

  it("resumes early when everyone agrees: the unused pause comes off the deadline again", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 72 });
    const start = await view(id, german);
    const until = clock.now() + 10 * DAY;
    await pause(id, german, until);
    await answer(id, soviet, true);
    clock.advance(2 * DAY);
    expect((await client.post(`/api/games/${id}/proposal`, { agree: true }, soviet)).body.error).toBe("no_proposal");
    const asked = await client.post(`/api/games/${id}/resume`, {}, soviet);
    expect(asked.body.proposal).toEqual({ kind: "resume", by: "soviet", agreed: ["soviet"] });
    expect((await view(id, german)).pausedUntil).toBe(until);
    const resumed = await answer(id, german, true);
    expect(resumed.body.events).toEqual([{ kind: "proposal_agreed", seat: "german" }, { kind: "resumed" }]);
    const now = await view(id, german);
    expect([now.pausedUntil, now.deadline]).toEqual([null, start.deadline + 2 * DAY]);
    expect((await client.post(`/api/games/${id}/resume`, {}, soviet)).body.error).toBe("not_paused");
  });

  it("a decline closes the proposal and changes nothing; a bad end date is refused naming the field", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 48 });
    const start = await view(id, german);
    const tooFar = await pause(id, german, clock.now() + 31 * DAY);
    expect([tooFar.status, tooFar.body.error, tooFar.body.details.field]).toEqual([422, "bad_pause", "until"]);
    expect((await pause(id, german, clock.now() - DAY)).body.error).toBe("bad_pause");
    expect((await view(id, german)).seq).toBe(start.seq);

    await pause(id, german, clock.now() + 3 * DAY);
    const declined = await answer(id, soviet, false);
    expect(declined.body.events).toEqual([{ kind: "proposal_declined", seat: "soviet" }]);
    const after = await view(id, german);
    expect([after.proposal, after.pausedUntil, after.deadline]).toEqual([null, null, start.deadline]);
    expect((await mails(id, "pause")).at(-1)).toMatchObject({ to: "hans@example.com", what: "declined", by: "Olga" });
    // a spectator may not propose
    expect((await client.post(`/api/games/${id}/pause`, { until: clock.now() + DAY })).status).toBe(401);
  });

  it("a seat proposes at most four times a day: each proposal mails the others", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 48 });
    for (let i = 0; i < 4; i++) {
      expect((await pause(id, german, clock.now() + DAY)).status).toBe(200);
      expect((await answer(id, german, false)).status).toBe(200);
    }
    const fifth = await pause(id, german, clock.now() + DAY);
    expect([fifth.status, fifth.body.error]).toEqual([429, "rate_limited"]);
    expect((await mails(id, "pause")).filter((m) => m.what === "pause_proposed")).toHaveLength(4);
    // the other seat still may
    expect((await pause(id, soviet, clock.now() + DAY)).status).toBe(200);
  });

  it("a proposal lapses when a player leaves a game of three: those left may propose again", async () => {
    const res = await client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 3 }, seats: { p1: { email: "a@example.com", name: "Ann" }, p2: { email: "b@example.com", name: "Ben" }, p3: { email: "c@example.com", name: "Cy" } }, creator: "p1", seed: "pause-three", hoursPerTurn: 48 },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    const ann = res.body.you.token as string;
    const ben = await tokenFor(id, "p2");
    const cy = await tokenFor(id, "p3");
    await pause(id, ann, clock.now() + 2 * DAY);
    await answer(id, ben, true);
    expect((await client.post(`/api/games/${id}/resign`, {}, cy)).status).toBe(200);
    const after = await view(id, ann);
    expect([after.proposal, after.pausedUntil]).toEqual([null, null]);
    expect((await pause(id, ann, clock.now() + 2 * DAY)).status).toBe(200);
    expect((await answer(id, ben, true)).body.events.at(-1)).toMatchObject({ kind: "paused" });
  });

  it("against the computer a proposal needs no one else's word; the proposals are turns in the log, and the export verifies", async () => {
    const { id, german } = await createMoscow(client, { sovietBot: true, hoursPerTurn: 24 });
    const until = clock.now() + 2 * DAY;
    const alone = await pause(id, german, until);
    expect(alone.body.events).toEqual([{ kind: "pause_proposed", seat: "german", until }, { kind: "paused", until }]);
    const log = (await client.get(`/api/games/${id}/log`)).body.entries;
    expect(log.at(-1)).toMatchObject({ service: "propose_pause", seat: "german", actions: [] });
    expect(log.at(-1).lines[1]).toMatch(/^Everyone agreed: the game is paused until /);
    expect((await client.post(`/api/games/${id}/resume`, {}, german)).body.events).toEqual([{ kind: "resume_proposed", seat: "german" }, { kind: "resumed" }]);
    expect((await client.post(`/api/games/${id}/resign`, {}, german)).status).toBe(200);
    const exported = (await client.get(`/api/games/${id}/export`)).body;
    const verdict = await verifyExport(exported);
    expect(verdict.problems).toEqual([]);
    // a pause the log never agreed to does not pass
    const forged = structuredClone(exported);
    const turn = forged.log.find((e: { service: string }) => e.service === "propose_pause");
    turn.events[1].until += DAY;
    expect((await verifyExport(forged)).problems).toContain(`turn ${turn.seq}: the pause that took effect is not the one proposed`);
  });
});
