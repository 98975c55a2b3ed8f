/** Custom scenarios: POST /api/games with an inline scenario in the shape of scenarios/<id>/*.json. */
import { describe, expect, it } from "vitest";
import { verifyExport } from "../../worker/play/verify";
import { api, freshIp } from "./helpers";

const client = api();
const create = (ruleset: string, scenario: unknown, seats: Record<string, unknown>, creator: string, options = {}) =>
  client.post("/api/games", { ruleset, scenario, options, seats, creator, seed: `custom-${ruleset}` }, undefined, { "cf-connecting-ip": freshIp() });

const inline = {
  moscow: { title: "Tula pocket", start: { turn: 5, phase: "german_movement" }, german: { "1006": "XL", "1008": "VII" }, soviet: { "1107": "50" } },
  dicewars: { size: 7, title: "Tiny", starts: { p1: [0, 0], p2: [6, 6], p3: [0, 6], p4: [6, 0] } },
};

describe("custom scenarios", () => {
  it("a Battle for Moscow game starts from an inline scenario, is labelled custom, and its export carries the scenario", async () => {
    const res = await create("moscow", inline.moscow, { german: { email: "a@example.com" }, soviet: { bot: true } }, "german");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const game = (await client.get(`/api/games/${res.body.id}`)).body;
    expect([game.turn, game.phase, game.customScenario, game.scenarioTitle]).toEqual([5, "german_movement", true, "custom scenario"]);
    expect(game.state.units.filter((u: { position: unknown }) => u.position !== null)).toHaveLength(3);
    const resigned = await client.post(`/api/games/${res.body.id}/resign`, {}, res.body.you.token);
    expect(resigned.status).toBe(200);
    const record = (await client.get(`/api/games/${res.body.id}/export`)).body;
    expect(record.scenario).toEqual(inline.moscow);
    expect((await verifyExport(record)).problems).toEqual([]);
  });

  it("a DiceWars game starts from an inline map size and start cells", async () => {
    const res = await create("dicewars", inline.dicewars, { p1: { email: "a@example.com" }, p2: { bot: true } }, "p1", { players: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const game = (await client.get(`/api/games/${res.body.id}`)).body;
    expect([game.state.size, game.customScenario]).toEqual([7, true]);
  });

  it.each([
    ["moscow", { start: { turn: 2, phase: "german_movement" }, german: { "0399": "XL" } }, { german: { email: "a@example.com" } }, "german", "german.0399", "0399"],
    ["dicewars", { ...inline.dicewars, starts: { ...inline.dicewars.starts, p2: [9, 9] } }, { p1: { email: "a@example.com" } }, "p1", "starts.p2", undefined],
  ])("a broken %s scenario is 422 naming the field (and the hex), and nothing is stored", async (ruleset, scenario, seats, creator, field, hex) => {
    const res = await create(ruleset, scenario, seats, creator);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("bad_scenario");
    expect(res.body.details).toMatchObject({ field, ...(hex ? { hex } : {}) });
    expect(res.body.message).toContain(field);
  });

  it("an unknown scenario id is the ruleset's bad_scenario; an inline scenario over 64 KiB is 413", async () => {
    const unknown = await create("moscow", "barbarossa", { german: { email: "a@example.com" } }, "german");
    expect([unknown.status, unknown.body.error]).toEqual([422, "bad_scenario"]);
    const huge = await create("moscow", { ...inline.moscow, note: "x".repeat(70_000) }, { german: { email: "a@example.com" } }, "german");
    expect(huge.status).toBe(413);
  });
});
