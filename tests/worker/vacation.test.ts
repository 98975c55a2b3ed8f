/**
 * Vacation (a seat's 14 days a game): the bank runs down instead of the move clock, nobody may
 * claim the seat's timeout meanwhile, it ends by itself or on request, and a turn handed to a seat
 * on vacation is timed from its return.
 */
import { describe, expect, it } from "vitest";
import { api, testClock } from "./helpers";
import { createMoscow, playSeat } from "./play";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const clock = testClock();
const client = api({ now: clock.now });
const vacation = (id: string, token: string, days: number) => client.call("PUT", `/api/games/${id}/vacation`, { days }, { authorization: `Bearer ${token}` });
const view = async (id: string, token?: string) => (await client.get(`/api/games/${id}`, token)).body;

describe("vacation", () => {
  it("stops the move clock: the deadline moves by the days taken, the bank runs down, and others see until when", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 72 });
    const before = await view(id, german);
    expect(before.you.vacationDaysLeft).toBe(14);
    const res = await vacation(id, german, 5);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ seat: "german", vacationUntil: clock.now() + 5 * DAY, vacationDaysLeft: 9, deadline: before.deadline + 5 * DAY });
    const seen = await view(id, soviet);
    expect(seen.seats.find((s: { seat: string }) => s.seat === "german").vacationUntil).toBe(clock.now() + 5 * DAY);
    expect(seen.deadline).toBe(before.deadline + 5 * DAY);
    // the bank: 9 days left, so 10 are refused, naming the field
    clock.advance(6 * DAY);
    const tooMany = await vacation(id, german, 10);
    expect([tooMany.status, tooMany.body.error, tooMany.body.details.field]).toEqual([422, "bad_vacation", "days"]);
    expect(tooMany.body.message).toContain("only 9");
  });

  it("no timeout can be claimed against a seat on vacation; once it ends by itself, the clock runs again", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 24 });
    const start = await view(id, german);
    expect((await vacation(id, german, 3)).status).toBe(200);
    clock.advance(2 * DAY);
    const claim = await client.post(`/api/games/${id}/claim-timeout`, {}, soviet);
    expect([claim.status, claim.body.error]).toEqual([409, "on_vacation"]);
    clock.advance(1 * DAY + HOUR);
    // back by itself: not on vacation any more (nothing to end), and the old 24 hours run again
    expect((await vacation(id, german, 0)).body.error).toBe("not_on_vacation");
    expect((await client.post(`/api/games/${id}/claim-timeout`, {}, soviet)).body.error).toBe("not_late");
    clock.set(start.deadline + 3 * DAY + HOUR);
    const late = await client.post(`/api/games/${id}/claim-timeout`, {}, soviet);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
  });

  it("a seat whose deadline has passed cannot escape the claim by going on vacation", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 24 });
    const start = await view(id, german);
    clock.set(start.deadline + HOUR);
    const late = await vacation(id, german, 3);
    expect([late.status, late.body.error]).toEqual([409, "not_late"]);
    expect((await view(id, german)).deadline).toBe(start.deadline);
    expect((await client.post(`/api/games/${id}/claim-timeout`, {}, soviet)).status).toBe(200);
  });

  it("coming back early gives the unused days back and pulls the deadline in", async () => {
    const { id, german } = await createMoscow(client, { hoursPerTurn: 72 });
    const start = await view(id, german);
    expect((await vacation(id, german, 4)).status).toBe(200);
    clock.advance(1 * DAY);
    const back = await vacation(id, german, 0);
    expect(back.body).toEqual({ seat: "german", vacationUntil: null, vacationDaysLeft: 13, deadline: start.deadline + 1 * DAY });
    expect((await vacation(id, german, 0)).body.error).toBe("not_on_vacation");
  });

  it("coming back at once returns every day: 14 then 0 leaves 14, and 14 may be taken again (decision: whole days, the return rounded to the nearest)", async () => {
    const { id, german } = await createMoscow(client, { hoursPerTurn: 72 });
    const start = await view(id, german);
    expect((await vacation(id, german, 14)).body.vacationDaysLeft).toBe(0);
    clock.advance(1500);
    const back = await vacation(id, german, 0);
    expect(back.body).toEqual({ seat: "german", vacationUntil: null, vacationDaysLeft: 14, deadline: start.deadline });
    expect((await view(id, german)).you.vacationDaysLeft).toBe(14);
    const again = await vacation(id, german, 14);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // back after 30 hours: one day is charged (the clock stood still for it), 13 return
    clock.advance(30 * HOUR);
    const later = await vacation(id, german, 0);
    expect(later.body.vacationDaysLeft).toBe(13);
    expect(later.body.deadline).toBe(start.deadline + 1 * DAY);
  });

  it("a turn handed to a seat on vacation is timed from its return", async () => {
    const { id, german, soviet } = await createMoscow(client, { hoursPerTurn: 48 });
    expect((await vacation(id, soviet, 2)).status).toBe(200);
    const until = clock.now() + 2 * DAY;
    const { game } = await playSeat(client, id, "german", german);
    expect(game.toAct).toEqual(["soviet"]);
    expect((await view(id, soviet)).deadline).toBe(until + 48 * HOUR);
  });
});
