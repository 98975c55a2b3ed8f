import { describe, expect, it } from "vitest";
import { api } from "./helpers";

const limited = api({}, { RATE_GAMES_PER_HOUR: "3", RATE_INVITES_PER_DAY: "2" });

let creators = 0;
const create = (ip: string, invite: string, creator = `me${++creators}@example.com`) =>
  limited.post(
    "/api/games",
    { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: creator }, soviet: { email: invite } }, creator: "german" },
    undefined,
    { "cf-connecting-ip": ip },
  );

describe("creating games is rate-limited", () => {
  it("per client IP: the fourth game in an hour from one address is 429 rate_limited", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await create("192.0.2.1", `friend${i}@example.com`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await create("192.0.2.2", "friend9@example.com")).status).toBe(201);
  });

  it("per invited address: the third invitation in a day to one address is 429, whatever the IP", async () => {
    const res = [];
    for (let i = 0; i < 3; i++) res.push(await create(`192.0.2.${10 + i}`, "popular@example.com"));
    expect(res.map((r) => r.status)).toEqual([201, 201, 429]);
    expect(res[2]!.body.error).toBe("rate_limited");
  });

  it("the creator's own address counts like an invited one (it is mailed its link)", async () => {
    const res = [];
    for (let i = 0; i < 3; i++) res.push(await create(`192.0.2.${20 + i}`, `other${i}@example.com`, "busy@example.com"));
    expect(res.map((r) => r.status)).toEqual([201, 201, 429]);
  });
});
