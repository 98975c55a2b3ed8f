/** Data migrations run against rows in the old shape (the test database starts empty, so they are replayed here). */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { packText } from "../../worker/store/packed";
import { openDb, readLog } from "../../worker/store/repository";

async function runMigration(name: string, only: (query: string) => boolean = () => true) {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith(name));
  if (!migration) throw new Error(`no migration ${name}`);
  for (const query of migration.queries.filter(only)) await env.DB.prepare(query).run();
}

/**
 * Runs `body` with the log as the rows of a `turns` table of migration 0014's shape, as the
 * migrations before 0015 knew it, then puts the view back as the last migration made it (0017).
 */
async function withTurnsTable(body: () => Promise<void>) {
  await env.DB.batch([
    env.DB.prepare("DROP VIEW turns"),
    env.DB.prepare(
      "CREATE TABLE turns (game_id text NOT NULL, seq integer NOT NULL, seat text NOT NULL, by_bot integer DEFAULT 0 NOT NULL, actions text NOT NULL, events text NOT NULL, idempotency_key text, at integer NOT NULL, draws text DEFAULT '[]' NOT NULL, service text, by_order integer DEFAULT 0 NOT NULL, PRIMARY KEY(game_id, seq)) WITHOUT ROWID",
    ),
  ]);
  try {
    await body();
  } finally {
    await env.DB.prepare("DROP TABLE IF EXISTS turns").run();
    await runMigration("0017", (q) => q.includes("CREATE VIEW"));
  }
}

describe("0003: service turns are tagged, not recognised by their action", () => {
  it("an old resignation row loses its action and gains its tag; an old bots_resumed row is tagged; play rows are left alone", () => withTurnsTable(async () => {
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
  }));
});

describe("0005: Battle for Moscow's keys move to camelCase", () => {
  it("rewrites the keys of a moscow game's state, turns and start, and leaves other games and values alone", () => withTurnsTable(async () => {
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
  }));
});

describe("0015: the log's rows become pages of JSON, and the view turns shows them as rows again", () => {
  it("40 old turns make pages of 32 and 8, in order, each field as it was; the store reads them back", async () => {
    const insertGame = "INSERT INTO games (id, ruleset, scenario, options, state, seq, to_act, status, seed, seed_commitment, created_at, updated_at) VALUES ('old-log', 'dicewars', '10x10', '{}', 'null', 40, '[]', 'active', 's', 'c', 0, 0)";
    const rows = Array.from({ length: 40 }, (_, i) => ({
      game_id: "old-log",
      seq: i + 1,
      seat: i % 2 ? "p2" : "p1",
      by_bot: i % 3 === 0 ? 1 : 0,
      actions: JSON.stringify([{ type: "end_turn", n: i }]),
      events: JSON.stringify([{ kind: "turn_ended", seat: i % 2 ? "p2" : "p1" }]),
      idempotency_key: i === 7 ? "key-8" : null,
      at: 1000 + i,
      draws: i % 4 === 0 ? JSON.stringify([[3, 5]]) : "[]",
      service: i === 39 ? "resign" : null,
      by_order: i === 5 ? 1 : 0,
    }));
    let migrated: Record<string, unknown>[] = [];
    let pages: { last_seq: number; n: number }[] = [];
    await withTurnsTable(async () => {
      await env.DB.batch([
        env.DB.prepare(insertGame),
        ...rows.map((r) =>
          env.DB.prepare("INSERT INTO turns (game_id, seq, seat, by_bot, actions, events, idempotency_key, at, draws, service, by_order) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").bind(...Object.values(r)),
        ),
      ]);
      await runMigration("0015", (q) => q.includes("INSERT INTO `log_pages`"));
      pages = (await env.DB.prepare("SELECT last_seq, json_array_length(turns) AS n FROM log_pages WHERE game_id = 'old-log' ORDER BY last_seq").all<{ last_seq: number; n: number }>()).results;
    });
    expect(pages).toEqual([
      { last_seq: 32, n: 32 },
      { last_seq: 40, n: 8 },
    ]);
    migrated = (await env.DB.prepare("SELECT game_id, seq, seat, by_bot, actions, events, idempotency_key, at, draws, service, by_order FROM turns WHERE game_id = 'old-log' ORDER BY seq").all()).results;
    expect(migrated).toEqual(rows);
    const read = await readLog(openDb(env.DB), "old-log", 30);
    expect(read.map((t) => t.seq)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(read.at(-1)).toEqual({ gameId: "old-log", seq: 40, seat: "p2", byBot: 1, actions: [{ type: "end_turn", n: 39 }], events: [{ kind: "turn_ended", seat: "p2" }], draws: [], service: "resign", byOrder: 0, idempotencyKey: null, at: 1039 });
    expect((await readLog(openDb(env.DB), "old-log", 0)).find((t) => t.seq === 8)?.idempotencyKey).toBe("key-8");
  });
});

describe("0017: compressed log pages stay out of the view turns, which reads the rest as before", () => {
  it("a game with a compressed page, a text page and a tail: the view shows the text page's turns and the tail's, and the store reads all", async () => {
    const insertGame = "INSERT INTO games (id, ruleset, scenario, options, state, seq, to_act, status, seed, seed_commitment, created_at, updated_at, log_tail) VALUES ('packed-log', 'dicewars', '10x10', '{}', 'null', 3, '[]', 'active', 's', 'c', 0, 0, ?)";
    const turn = (seq: number) => ({ seq, seat: "p1", actions: [{ type: "end_turn" }], events: [], at: seq });
    await env.DB.batch([
      env.DB.prepare(insertGame).bind(JSON.stringify([turn(3)])),
      env.DB.prepare("INSERT INTO log_pages (game_id, last_seq, turns) VALUES ('packed-log', 1, ?)").bind(await packText(JSON.stringify([turn(1)]))),
      env.DB.prepare("INSERT INTO log_pages (game_id, last_seq, turns) VALUES ('packed-log', 2, ?)").bind(JSON.stringify([turn(2)])),
    ]);
    const viewed = (await env.DB.prepare("SELECT seq FROM turns WHERE game_id = 'packed-log' ORDER BY seq").all<{ seq: number }>()).results;
    expect(viewed.map((r) => r.seq)).toEqual([2, 3]);
    expect((await readLog(openDb(env.DB), "packed-log", 0)).map((t) => t.seq)).toEqual([1, 2, 3]);
  });
});

describe("0020: held mails are found by their ids, which begin with their game and seat", () => {
  it("a held mail not yet tried takes its new id; a tried one, a mail not held and one renamed already keep theirs; the index is gone", async () => {
    const insert = "INSERT INTO outbox (id, game_id, seat, kind, recipient, payload, status, attempts, next_attempt_at, created_at, held) VALUES (?, 'old-held', ?, 'your_turn', 'p@example.com', '{}', 'pending', ?, 0, 0, ?)";
    await env.DB.batch([
      env.DB.prepare(insert).bind("0aaa-held", "p1", 0, 1),
      env.DB.prepare(insert).bind("0bbb-tried", "p1", 1, 1),
      env.DB.prepare(insert).bind("0ccc-plain", "p2", 0, 0),
      env.DB.prepare(insert).bind("~old-held~p2~0ddd", "p2", 0, 1),
    ]);
    await runMigration("0020");
    const ids = (await env.DB.prepare("SELECT id FROM outbox WHERE game_id = 'old-held' ORDER BY id").all<{ id: string }>()).results.map((r) => r.id);
    expect(ids).toEqual(["0bbb-tried", "0ccc-plain", "~old-held~p1~0aaa-held", "~old-held~p2~0ddd"]);
    expect(await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = 'outbox_held_seat'").first()).toBeNull();
    await env.DB.prepare("DELETE FROM outbox WHERE game_id = 'old-held'").run();
  });
});

describe("0021: the cron's timers are keyed by timer_at", () => {
  it("an active game with a deadline takes its timer's moment as its key; a finished one, one without a deadline and one noticed take none; games_due_v2 is gone", async () => {
    const insert = "INSERT INTO games (id, ruleset, scenario, options, state, seq, to_act, status, seed, seed_commitment, created_at, updated_at, hours_per_turn, deadline, reminded, deadline_noticed) VALUES (?, 'dicewars', '10x10', '{}', 'null', 0, '[]', ?, 's', 'c', 0, 0, ?, ?, ?, ?)";
    const day = 86_400_000;
    await env.DB.batch([
      env.DB.prepare(insert).bind("timer-week", "active", 168, 10 * day, 0, 0),
      env.DB.prepare(insert).bind("timer-day", "active", 24, 10 * day, 0, 0),
      env.DB.prepare(insert).bind("timer-reminded", "active", 168, 10 * day, 2, 0),
      env.DB.prepare(insert).bind("timer-noticed", "active", 168, 10 * day, 2, 1),
      env.DB.prepare(insert).bind("timer-none", "active", null, null, 0, 0),
      env.DB.prepare(insert).bind("timer-over", "finished", 168, 10 * day, 0, 0),
    ]);
    await env.DB.prepare("UPDATE games SET timer_at = NULL WHERE id LIKE 'timer-%'").run();
    await runMigration("0021", (q) => q.includes("UPDATE"));
    const keys = (await env.DB.prepare("SELECT id, timer_at FROM games WHERE id LIKE 'timer-%' ORDER BY id").all<{ id: string; timer_at: number | null }>()).results;
    expect(Object.fromEntries(keys.map((k) => [k.id, k.timer_at]))).toEqual({
      "timer-week": 9 * day,
      "timer-day": 10 * day - day / 6,
      "timer-reminded": 10 * day,
      "timer-noticed": null,
      "timer-none": null,
      "timer-over": null,
    });
    expect(await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = 'games_due_v2'").first()).toBeNull();
    await env.DB.prepare("DELETE FROM games WHERE id LIKE 'timer-%'").run();
  });
});
