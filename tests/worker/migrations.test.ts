/** Data migrations run against rows in the old shape (the test database starts empty, so they are replayed here). */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

async function runMigration(name: string, only: (query: string) => boolean = () => true) {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith(name));
  if (!migration) throw new Error(`no migration ${name}`);
  for (const query of migration.queries.filter(only)) await env.DB.prepare(query).run();
}

describe("0003: service turns are tagged, not recognised by their action", () => {
  it("an old resignation row loses its action and gains its tag; an old bots_resumed row is tagged; play rows are left alone", async () => {
    const insert = "INSERT INTO turns (game_id, seq, seat, actions, events, at) VALUES ('old-service', ?, ?, ?, ?, 0)";
    await env.DB.batch([
      env.DB.prepare(insert).bind(1, "p1", JSON.stringify([{ type: "end_turn" }]), "[]"),
      env.DB.prepare(insert).bind(2, "p2", JSON.stringify([{ type: "resign", seat: "p2" }]), JSON.stringify([{ kind: "resigned", seat: "p2", by: "p2" }])),
      env.DB.prepare(insert).bind(3, "p3", "[]", JSON.stringify([{ kind: "bots_resumed" }])),
    ]);
    // the table already has the new columns here: replay only the data statements
    await runMigration("0003", (q) => q.trimStart().startsWith("--") ? q.includes("UPDATE") : q.trimStart().startsWith("UPDATE"));
    const rows = (await env.DB.prepare("SELECT seq, service, actions FROM turns WHERE game_id = 'old-service' ORDER BY seq").all()).results;
    expect(rows).toEqual([
      { seq: 1, service: null, actions: JSON.stringify([{ type: "end_turn" }]) },
      { seq: 2, service: "resign", actions: "[]" },
      { seq: 3, service: "bots_resumed", actions: "[]" },
    ]);
  });
});

describe("0005: Battle for Moscow's keys move to camelCase", () => {
  it("rewrites the keys of a moscow game's state, turns and start, and leaves other games and values alone", async () => {
    const oldState = JSON.stringify({ phase: "german_combat", city_control: { Moscow: "soviet" }, pending_battles: [{ die_roll: 4, defender_hex: [1, 2] }], battles_declared: true });
    const oldAction = JSON.stringify([{ type: "resolve_battle", battle_index: 0 }]);
    const oldEvents = JSON.stringify([{ kind: "battle_resolved", battle_index: 0, die_roll: 4, unit_id: "XL" }]);
    const insertGame = "INSERT INTO games (id, ruleset, scenario, options, state, seq, to_act, status, seed, seed_commitment, created_at, updated_at) VALUES (?, ?, 'standard', '{}', ?, 1, '[]', 'active', 's', 'c', 0, 0)";
    await env.DB.batch([
      env.DB.prepare(insertGame).bind("old-moscow", "moscow", oldState),
      env.DB.prepare(insertGame).bind("old-dicewars", "dicewars", JSON.stringify({ unit_id: "kept" })),
      env.DB.prepare("INSERT INTO turns (game_id, seq, seat, actions, events, at) VALUES ('old-moscow', 1, 'german', ?, ?, 0)").bind(oldAction, oldEvents),
      env.DB.prepare("INSERT INTO starts (game_id, state) VALUES ('old-moscow', ?)").bind(oldState),
    ]);
    await runMigration("0005");
    const game = await env.DB.prepare("SELECT state FROM games WHERE id = 'old-moscow'").first<{ state: string }>();
    expect(JSON.parse(game!.state)).toEqual({ phase: "german_combat", cityControl: { Moscow: "soviet" }, pendingBattles: [{ dieRoll: 4, defenderHex: [1, 2] }], battlesDeclared: true });
    const turn = await env.DB.prepare("SELECT actions, events FROM turns WHERE game_id = 'old-moscow'").first<{ actions: string; events: string }>();
    expect(JSON.parse(turn!.actions)).toEqual([{ type: "resolve_battle", battleIndex: 0 }]);
    expect(JSON.parse(turn!.events)).toEqual([{ kind: "battle_resolved", battleIndex: 0, dieRoll: 4, unitId: "XL" }]);
    const start = await env.DB.prepare("SELECT state FROM starts WHERE game_id = 'old-moscow'").first<{ state: string }>();
    expect(JSON.parse(start!.state).cityControl).toEqual({ Moscow: "soviet" });
    const other = await env.DB.prepare("SELECT state FROM games WHERE id = 'old-dicewars'").first<{ state: string }>();
    expect(JSON.parse(other!.state)).toEqual({ unit_id: "kept" });
  });
});
