import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CRON_LIMITS } from "../../worker/cron";
import { meteredD1, newMeter } from "../../worker/store/meter";
import { sweepRateLimits } from "../../worker/store/rate-limit";
import { openDb } from "../../worker/store/repository";
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

const usageOf = (headers: Headers) =>
  Object.fromEntries((headers.get("x-d1-usage") ?? "").split("; ").map((kv) => kv.split("=").map((x, i) => (i ? Number(x) : x)))) as Record<string, number>;
const windows = async (like: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM rate_limits WHERE key LIKE ?").bind(like).first<{ n: number }>())!.n;

describe("the rate_limits table, which anyone can grow", () => {
  it("an admission reads its windows by key: a create reads no more rows with 3,000 more windows in the table, and sweeps none", async () => {
    const roomy = api({}, { RATE_GAMES_PER_HOUR: "100", RATE_INVITES_PER_DAY: "100" });
    const make = (n: number) =>
      roomy.post("/api/games", { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: `grow${n}@example.com` }, soviet: { bot: true } }, creator: "german" }, undefined, { "cf-connecting-ip": `192.0.2.${100 + n}` });
    await make(0);
    const before = await make(1);
    expect(before.status).toBe(201);
    // half of them ended long ago, half still open
    await env.DB.prepare(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) INSERT INTO rate_limits (key, count, expires_at) SELECT 'bulk:' || i, 1, CASE WHEN i % 2 = 0 THEN 0 ELSE 9000000000000000 END FROM n",
    ).run();
    const after = await make(2);
    expect(after.status).toBe(201);
    const [read0, read1] = [usageOf(before.headers).rows_read!, usageOf(after.headers).rows_read!];
    expect(read0).toBeGreaterThan(0);
    expect(read1 - read0).toBeLessThan(50);
    expect(await windows("bulk:%")).toBe(3000);
  });

  it("300 asks from new addresses (each its own windows) do not grow a create's rows read", async () => {
    const roomy = api({}, { RATE_GAMES_PER_HOUR: "100", RATE_INVITES_PER_DAY: "100" });
    const make = (n: number) =>
      roomy.post("/api/games", { ruleset: "moscow", scenario: "quickstart", seats: { german: { email: `asker${n}@example.com` }, soviet: { bot: true } }, creator: "german" }, undefined, { "cf-connecting-ip": `192.0.2.${200 + n}` });
    await make(0);
    const before = await make(1);
    expect(before.status).toBe(201);
    const windowsBefore = await windows("%");
    for (let i = 0; i < 300; i++) {
      const asked = await roomy.post("/api/my-games", { email: `stranger${i}@asks.example` }, undefined, { "cf-connecting-ip": `203.0.113.${i % 250}:${i}` });
      expect(asked.status).toBe(202);
    }
    expect(await windows("%")).toBeGreaterThanOrEqual(windowsBefore + 300);
    const after = await make(2);
    expect(after.status).toBe(201);
    // the same statements on the same keys: the table's growth is never read
    expect(usageOf(after.headers).rows_read).toBeLessThanOrEqual(usageOf(before.headers).rows_read! + 5);
  });

  it("the cron sweeps ended windows a bounded slice at a time, wherever they are, and keeps the open ones", async () => {
    expect(await windows("bulk:%")).toBe(3000);
    // the cron's own step runs, and says what it swept
    expect(typeof (await api().post("/api/dev/cron", {})).body.rateLimitsSwept).toBe("number");
    const meter = newMeter();
    const db = openDb(meteredD1(env.DB, meter));
    const perRun: number[] = [];
    for (let run = 0; run < 40 && (await windows("bulk:%")) > 1500; run++) {
      const before = meter.rowsRead;
      await sweepRateLimits(db, Date.now(), CRON_LIMITS.rateLimitScan, run);
      perRun.push(meter.rowsRead - before);
    }
    // every ended window went, every open one stays, and no run read past a few times its slice
    // (D1 counts a row for the slice's select, the delete's lookup and the key index), far below the table's 3,000
    expect(await windows("bulk:%")).toBe(1500);
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM rate_limits WHERE key LIKE 'bulk:%' AND expires_at > 0").first<{ n: number }>();
    expect(open!.n).toBe(1500);
    expect(perRun.length).toBeGreaterThan(10);
    expect(Math.max(...perRun)).toBeLessThanOrEqual(5 * CRON_LIMITS.rateLimitScan);
  });
});
