/** GET /api/games/:id/units/:unit: the ruleset's unitOptions served (musket.md 13 `?unit=<id>`). */
import { describe, expect, it } from "vitest";
import { unitOptions, type MusketState } from "../../worker/engine/musket";
import { api, freshIp } from "./helpers";

const client = api();

async function create(ruleset: string, scenario: string, seats: Record<string, object>, creator: string) {
  const res = await client.post("/api/games", { ruleset, scenario, seats, creator, seed: `units-${ruleset}` }, undefined, { "cf-connecting-ip": freshIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, token: res.body.you.token as string };
}

describe("a unit's options over the API", () => {
  it("musket §13: an own unit's choices as if activated, the same as the engine's; an enemy unit none; nothing changes", async () => {
    const { id, token } = await create("musket", "pitched-battle", { blue: { email: "blue@example.com" }, red: { email: "red@example.com" } }, "blue");
    const game = (await client.get(`/api/games/${id}`, token)).body as { seq: number; toAct: string[]; state: MusketState };
    const seat = game.toAct[0]!;
    const side = seat === "blue" ? 0 : 1;
    const own = game.state.units.find((u) => u.side === side)!;
    const enemy = game.state.units.find((u) => u.side !== side)!;
    const asSeat = seat === "blue" ? token : undefined;
    const res = await client.get(`/api/games/${id}/units/${own.id}${asSeat ? "" : `?seat=${seat}`}`, asSeat);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ seat, options: unitOptions(game.state, seat, own.id) });
    expect(res.body.options).toMatchObject({ unit: own.id, acting: false });
    expect(res.body.options.choices.length).toBeGreaterThan(0);
    const other = await client.get(`/api/games/${id}/units/${enemy.id}?seat=${seat}`);
    expect(other.body).toEqual({ seat, options: null });
    expect((await client.get(`/api/games/${id}`, token)).body.seq).toBe(game.seq);
  });

  it("a ruleset that explains no unit answers 404 naming /legal", async () => {
    const { id, token } = await create("dicewars", "10x10", { p1: { email: "a@example.com" }, p2: { bot: true } }, "p1");
    const res = await client.get(`/api/games/${id}/units/anything`, token);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found" });
    expect(res.body.message).toMatch(/\/legal/);
  });
});
