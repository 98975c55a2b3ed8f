/**
 * WarShard, the horse-and-musket game and the skirmish over the API: a whole game against the computer (the
 * human's moves chosen by the engine's own bot, sent one request each), whose export replays
 * byte for byte and verifies against the revealed seed.
 */
import { describe, expect, it } from "vitest";
import { getRuleset, rulesets } from "../../worker/engine/registry";
import { replay } from "../../worker/engine/replay";
import { rngFromSeed } from "../../worker/engine/rng";
import { verifyExport } from "../../worker/play/verify";
import { api, freshIp } from "./helpers";
import { continueBots } from "./play";

const client = api();

const games = [
  { ruleset: "warshard", scenario: "boot_camp", human: "usa", computer: "germany" },
  { ruleset: "musket", scenario: "pitched-battle", human: "blue", computer: "red" },
  { ruleset: "musket", scenario: "the-bridge", human: "red", computer: "blue" },
  { ruleset: "musket", scenario: "rearguard", human: "blue", computer: "red" },
  { ruleset: "skirmish", scenario: "small-elimination", human: "attacker", computer: "defender" },
  { ruleset: "skirmish", scenario: "small-clash", human: "defender", computer: "attacker" },
];

describe("a whole game against the computer over the API", () => {
  it.each(games)("$ruleset $scenario: $human against the computer to the end; the export replays and verifies", async (g) => {
    const ruleset = getRuleset(g.ruleset)!;
    expect(ruleset.seats(g.scenario, ruleset.parseOptions({}))).toEqual(expect.arrayContaining([g.human, g.computer]));
    const created = await client.post(
      "/api/games",
      { ruleset: g.ruleset, scenario: g.scenario, seats: { [g.human]: { email: "human@example.com", name: "Ann" }, [g.computer]: { bot: true } }, creator: g.human, seed: `api-${g.ruleset}-${g.scenario}` },
      undefined,
      { "cf-connecting-ip": freshIp() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const token = created.body.you.token as string;
    let game = await continueBots(client, id, token);
    let requests = 0;
    while (game.status === "active") {
      expect(requests++, "the game should end").toBeLessThan(3000);
      expect(game.toAct).toEqual([g.human]);
      const action = ruleset.bot(game.state, g.human, rngFromSeed(`api-human:${game.seq}`));
      const res = await client.post(`/api/games/${id}/actions`, { seq: game.seq, actions: [action] }, token);
      expect(res.status, `${JSON.stringify(action)}: ${JSON.stringify(res.body)}`).toBe(200);
      game = res.body.botsWaiting ? await continueBots(client, id, token) : { ...game, ...res.body };
    }
    expect(game.outcome.line.length).toBeGreaterThan(0);
    const record = (await client.get(`/api/games/${id}/export`)).body;
    const rebuilt = replay(ruleset, record.start, record.log);
    expect(rebuilt.failure).toBeNull();
    expect(JSON.stringify(rebuilt.state)).toBe(JSON.stringify(record.finalState));
    expect((await verifyExport(record, rulesets)).problems).toEqual([]);
  });
});
