import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { addressProof, seatToken } from "../../../worker/auth";
import { drainGame } from "../../../worker/mail/drain";
import { api, freshIp } from "../helpers";
import { fake, mailWorld, outboxRows } from "./helpers";

describe("the dev mailbox (DEV_MODE=true)", () => {
  it("creating a game shows the invitation in /api/dev/outbox and /dev/mail with a link carrying that seat's token; nothing leaves", async () => {
    const w = mailWorld({ devMode: true });
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const res = await w.client.post(
      "/api/games",
      { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { email: w.hans, name: "Hans" }, p2: { email: w.olga, name: "Olga" } }, creator: "p1" },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    const olgaLink = `https://hexpost.test/g/${id}#t=${await seatToken(env.TOKEN_SECRET, id, "p2", 0)}&a=${await addressProof(env.TOKEN_SECRET, id, "p2", w.olga)}`;

    // Listed at once (pending), then "sent" by the dev transport: kept in D1, printed with its link.
    const listed = await w.client.get(`/api/dev/outbox?game=${id}`);
    expect(listed.status).toBe(200);
    const invitation = listed.body.mails.find((m: { kind: string }) => m.kind === "invitation");
    expect(invitation).toMatchObject({ to: w.olga, link: olgaLink, subject: `[hexpost] Hans invites you: DiceWars #${id.slice(0, 4)}: Hans v Olga` });
    await drainGame(w.deps, id);
    const rows = await outboxRows(id);
    expect(rows.map((r) => [r.status, r.provider_id])).toEqual(rows.map((r) => ["sent", `dev-${r.id}`]));
    expect(log.mock.calls.flat().join("\n")).toContain(olgaLink);
    log.mockRestore();
    expect(await fake.sent(w.key)).toHaveLength(0);

    const page = await w.client.get("/dev/mail");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.body).toContain(olgaLink.replace(/&/g, "&amp;"));
    expect(page.body).toContain("Run the cron now");

    // Newest first.
    const all = (await w.client.get("/api/dev/outbox")).body.mails as { createdAt: number }[];
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.createdAt).toBeGreaterThanOrEqual(all[i]!.createdAt);

    const cron = await w.client.post("/api/dev/cron", {});
    expect(cron.status).toBe(200);
    expect(cron.body).toHaveProperty("drain");
  });

  it("without DEV_MODE the mailbox does not exist", async () => {
    const prod = api({}, { DEV_MODE: "false" });
    for (const path of ["/api/dev/outbox", "/dev/mail"]) {
      const res = await prod.get(path);
      expect(res.status).toBe(404);
    }
    expect((await prod.post("/api/dev/cron", {})).status).toBe(404);
  });
});
