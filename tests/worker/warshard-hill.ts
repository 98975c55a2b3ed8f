/**
 * Boot camp from its attack phase, the German armour next to the US infantry on the hill and a
 * US battery in range (without one the defence phase is skipped, warshard.md 6): the position
 * where the defender owes its support allocation mid-turn (7.3).
 */
import { expect } from "vitest";
import bootCamp from "../../scenarios/warshard/boot_camp.json";
import { freshIp, type api } from "./helpers";

export const atTheHill = {
  ...bootCamp,
  start: { turn: 1, phase: "attack" },
  units: [...bootCamp.units.map((u) => (u.id === "1" ? { ...u, hex: [4, 4] } : u)), { id: "9", side: "usa", type: "artillery", hex: [6, 4] }],
};

/** A two-human game at the hill whose German has attacked and ended its attacks: the US defender owes its support. */
export async function owedSupportGame(client: ReturnType<typeof api>, seed: string, usa: string) {
  const res = await client.post(
    "/api/games",
    { ruleset: "warshard", scenario: atTheHill, seats: { germany: { email: "hans@example.com", name: "Hans" }, usa: { email: usa, name: "Ulla" } }, creator: "germany", seed, hoursPerTurn: 72 },
    undefined,
    { "cf-connecting-ip": freshIp() },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  const germany = res.body.you.token as string;
  let game = (await client.get(`/api/games/${id}`, germany)).body;
  const { choices } = (await client.get(`/api/games/${id}/legal`, germany)).body;
  for (const action of [choices[0].action, { type: "end_attacks" }]) {
    const r = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [action] }, germany);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    game = { ...game, ...r.body };
  }
  return { id, germany, seq: game.seq as number };
}
