/**
 * A client that knows nothing of a ruleset finishes a game of each one through the API by
 * always choosing from legal() (contract v2); each finished game's export replays with its
 * recorded draws to the final state, byte for byte, and verifies against the seed.
 */
import { describe, expect, it } from "vitest";
import { dicewars } from "../../worker/engine/dicewars";
import { moscow } from "../../worker/engine/moscow";
import { makeRegistry } from "../../worker/engine/registry";
import { replay } from "../../worker/engine/replay";
import { rngFromSeed } from "../../worker/engine/rng";
import { verifyExport } from "../../worker/play/verify";
import { duel } from "../rulesets/duel";
import { api, freshIp } from "./helpers";
import { tokenFor } from "./play";

const rulesets = makeRegistry(moscow, dicewars, duel);
const client = api({ rulesets });

const games = [
  { ruleset: "moscow", scenario: "quickstart", options: {}, seats: ["german", "soviet"] },
  { ruleset: "dicewars", scenario: "10x10", options: { players: 2, roundLimit: 50 }, seats: ["p1", "p2"] },
  { ruleset: "duel", scenario: "plain", options: {}, seats: ["a", "b"] },
];

describe("a client that only reads legal()", () => {
  it.each(games)("finishes a game of $ruleset, and its export replays byte for byte", async (g) => {
    const seats = Object.fromEntries(g.seats.map((s) => [s, { email: `${s}@example.com` }]));
    const created = await client.post(
      "/api/games",
      { ruleset: g.ruleset, scenario: g.scenario, options: g.options, seats, creator: g.seats[0], seed: `generic-${g.ruleset}` },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const tokens = Object.fromEntries(await Promise.all(g.seats.map(async (s) => [s, await tokenFor(id, s)] as const)));
    const pick = rngFromSeed(`pick-${g.ruleset}`);
    let game = (await client.get(`/api/games/${id}`)).body;
    let requests = 0;
    while (game.status === "active") {
      expect(requests++, "the game should end").toBeLessThan(4000);
      const seat = game.toAct[0] as string;
      const legal = (await client.get(`/api/games/${id}/legal`, tokens[seat])).body;
      expect(legal.seat).toBe(seat);
      expect(legal.choices.length, `${seat} has no legal choice`).toBeGreaterThan(0);
      const choice = legal.choices[pick.int(legal.choices.length)];
      const res = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [choice.action] }, tokens[seat]);
      expect(res.status, `${seat} ${JSON.stringify(choice.action)}: ${JSON.stringify(res.body)}`).toBe(200);
      game = { ...game, ...res.body };
    }
    expect(game.outcome.line.length).toBeGreaterThan(0);

    const record = (await client.get(`/api/games/${id}/export`)).body;
    expect(record.start).not.toBeNull();
    const rebuilt = replay(rulesets.get(g.ruleset)!, record.start, record.log);
    expect(rebuilt.failure).toBeNull();
    expect(JSON.stringify(rebuilt.state)).toBe(JSON.stringify(record.finalState));
    const verdict = await verifyExport(record, rulesets);
    expect(verdict.problems).toEqual([]);
  });
});
