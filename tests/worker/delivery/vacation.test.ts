import { describe, expect, it } from "vitest";
import { createDuel, outboxRows } from "../mail/helpers";
import { deliveryWorld } from "./world";

describe("vacation", () => {
  it("tells the opponents: a vacation notice to the other seat, none to the one leaving", async () => {
    const w = deliveryWorld();
    const { id, hans } = await createDuel(w.world, { hold: 15, hoursPerTurn: 72 });
    const before = (await outboxRows(id)).filter((r) => r.kind === "vacation");
    expect(before).toEqual([]);
    const res = await w.client.call("PUT", `/api/games/${id}/vacation`, { days: 3 }, { authorization: `Bearer ${hans}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = (await outboxRows(id)).filter((r) => r.kind === "vacation");
    expect(rows.map((r) => [r.seat, r.recipient, r.held])).toEqual([["p2", w.olga, 1]]);
  });
});
