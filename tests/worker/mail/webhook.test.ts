import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { seatToken } from "../../../worker/auth";
import { drainGame, LEASE_MS } from "../../../worker/mail/drain";
import { runCron } from "../../../worker/cron";
import { createDuel, endTurn, fake, mailWorld, outboxRows, seatRow, type World } from "./helpers";

/** Signs like Resend (Svix / Standard Webhooks), with the reference library, not ours. */
function signed(w: World, event: unknown, opts: { secret?: string; at?: number } = {}) {
  const body = JSON.stringify(event);
  const id = `msg_${crypto.randomUUID()}`;
  const at = new Date(opts.at ?? w.clock.now());
  const signature = new Webhook(opts.secret ?? env.RESEND_WEBHOOK_SECRET!).sign(id, at, body);
  return { body, headers: { "svix-id": id, "svix-timestamp": String(Math.floor(at.getTime() / 1000)), "svix-signature": signature, "content-type": "application/json" } };
}

const bounce = (outboxId: string, to: string, type = "email.bounced") => ({
  type,
  created_at: "2026-11-22T12:00:00.000Z",
  data: { email_id: "fake-1", to: [to], subject: "x", tags: [{ name: "outbox", value: outboxId }], bounce: { message: "550 no such user" } },
});

async function post(w: World, event: unknown, opts?: { secret?: string; at?: number }) {
  const { body, headers } = signed(w, event, opts);
  return w.client.call("POST", "/api/webhooks/resend", body, headers);
}

describe("bounces and complaints (Resend webhook)", () => {
  it("in production a sent mail leaves no row (SENT_MAIL_KEEP_DAYS unset, not dev mode); its bounce finds the seat by the mail's tags", async () => {
    const w = mailWorld({ env: { SENT_MAIL_KEEP_DAYS: undefined } });
    const { id, hans } = await createDuel(w);
    await endTurn(w.client, id, hans);
    const toOlga = (await fake.sent(w.key)).filter((m) => m.body.to[0] === w.olga);
    expect(toOlga.map((m) => m.body.tags.find((t) => t.name === "kind")?.value)).toEqual(["invitation", "your_turn"]);
    expect(await outboxRows(id)).toEqual([]);
    const yourTurn = toOlga[1]!.body.tags;
    expect(yourTurn).toEqual(expect.arrayContaining([{ name: "game", value: id }, { name: "seat", value: "p2" }]));
    const res = await post(w, { ...bounce("gone", w.olga), data: { email_id: "fake-2", to: [w.olga], subject: "x", tags: yourTurn } });
    expect(res.body).toEqual({ ok: true, handled: true, seats: 1 });
    expect((await seatRow(id, "p2"))!.undeliverable).toBe(1);
    expect((await seatRow(id, "p1"))!.undeliverable).toBe(0);
  });

  it("a signed bounce marks the seat undeliverable: its queued mail fails visibly, the game page and the opponent's next mail say so", async () => {
    const w = mailWorld();
    const { id, hans } = await createDuel(w);
    const invitation = (await outboxRows(id)).find((r) => r.kind === "invitation")!;
    // A turn mail to Olga is queued when the bounce of her invitation arrives.
    await endTurn(w.crashing, id, hans);
    const res = await post(w, bounce(invitation.id, w.olga));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, handled: true, seats: 1 });
    expect((await seatRow(id, "p2"))!.undeliverable).toBe(1);

    // the request that wrote it claimed died before sending: the cron takes it after the lease
    w.clock.advance(LEASE_MS);
    await runCron(w.deps);
    const queued = (await outboxRows(id)).find((r) => r.kind === "your_turn")!;
    expect(queued.status).toBe("failed");
    expect(queued.last_error).toMatch(/undeliverable/);
    expect((await fake.sent(w.key)).filter((m) => m.body.to[0] === w.olga)).toHaveLength(1);

    const view = (await w.client.get(`/api/games/${id}`)).body;
    expect(view.seats.find((s: { seat: string }) => s.seat === "p2").undeliverable).toBe(true);

    // Olga still plays through her link; Hans's next mail tells him she gets no mail.
    const olga = await seatToken(env.TOKEN_SECRET, id, "p2", 0);
    await endTurn(w.client, id, olga);
    const toHans = (await fake.sent(w.key)).filter((m) => m.body.to[0] === w.hans).at(-1)!;
    expect(toHans.body.text.replace(/\s+/g, " ")).toContain("Mail to Olga bounced or was refused");
    expect(toHans.body.html).toContain("Mail to Olga bounced or was refused");
    // And no new mail is written for her at all.
    await endTurn(w.client, id, hans);
    expect((await outboxRows(id)).filter((r) => r.seat === "p2" && r.kind === "your_turn")).toHaveLength(1);
  });

  it("a complaint does the same", async () => {
    const w = mailWorld();
    const { id } = await createDuel(w);
    const own = (await outboxRows(id)).find((r) => r.kind === "your_link")!;
    const res = await post(w, bounce(own.id, w.hans, "email.complained"));
    expect(res.body).toMatchObject({ handled: true, seats: 1 });
    expect((await seatRow(id, "p1"))!.undeliverable).toBe(1);
  });

  it("refuses a wrong signature, another secret, or an old timestamp; ignores other events", async () => {
    const w = mailWorld();
    const { id } = await createDuel(w);
    const invitation = (await outboxRows(id)).find((r) => r.kind === "invitation")!;
    const other = await post(w, bounce(invitation.id, w.olga), { secret: "whsec_" + btoa("another secret") });
    expect(other.status).toBe(401);
    expect(other.body.error).toBe("unauthorized");
    const old = await post(w, bounce(invitation.id, w.olga), { at: w.clock.now() - 10 * 60_000 });
    expect(old.status).toBe(401);
    const { body, headers } = signed(w, bounce(invitation.id, w.olga));
    const tampered = await w.client.call("POST", "/api/webhooks/resend", body.replace("550", "551"), headers);
    expect(tampered.status).toBe(401);
    const unsigned = await w.client.call("POST", "/api/webhooks/resend", body, { "content-type": "application/json" });
    expect(unsigned.status).toBe(401);
    expect((await seatRow(id, "p2"))!.undeliverable).toBe(0);

    const delivered = await post(w, { ...bounce(invitation.id, w.olga), type: "email.delivered" });
    expect(delivered.body).toMatchObject({ ok: true, handled: false });
    expect((await seatRow(id, "p2"))!.undeliverable).toBe(0);
  });

  it.each([{ value: { x: 1 } }, { value: 7 }, { value: ["a"] }, { value: true }])("a correctly signed bounce whose outbox tag value is %j gets a 400 naming the field, not a 500, and changes nothing", async ({ value }) => {
    const w = mailWorld();
    const { id } = await createDuel(w);
    const listed = await post(w, { type: "email.bounced", data: { to: [w.olga], tags: [{ name: "outbox", value }] } });
    expect([listed.status, listed.body.error, listed.body.details?.field]).toEqual([400, "bad_request", "data.tags"]);
    const keyed = await post(w, { type: "email.complained", data: { to: [w.olga], tags: { outbox: value } } });
    expect([keyed.status, keyed.body.error]).toEqual([400, "bad_request"]);
    expect((await seatRow(id, "p2"))!.undeliverable).toBe(0);
  });

  it.each([null, 42, "bounced", [], { type: "email.bounced", data: null }, { type: "email.bounced", data: { tags: 5 } }, { type: 7 }])(
    "a correctly signed body %j gets a 200 that changes nothing",
    async (event) => {
      const w = mailWorld();
      const { id } = await createDuel(w);
      const res = await post(w, event);
      expect(res.status).toBe(200);
      expect(res.body.handled).toBe(false);
      expect((await seatRow(id, "p2"))!.undeliverable).toBe(0);
    },
  );
});
