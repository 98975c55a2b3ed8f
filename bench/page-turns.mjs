// Requests and D1 rows a human player-turn costs, as the game page makes them, for each ruleset:
// a human seat against the computer on `npm start`'s stack (wrangler dev, local D1, dev mode, so
// every answer carries X-D1-Usage). The human's actions are the engine's bot's, batched as the
// page batches them (web/components/useTurn.ts): one batch per sitting, ended early by an action
// that rolls or that starts a new player-turn. What the page asks around them follows PATTERN:
//   before: after each POST the log is fetched again; after each POST /continue the game and the log
//   after:  nothing: the answers carry the entries they wrote (web/pages/Game.tsx)
// and a reopening: the game's GET and the log, from 0 (before), or the game's GET asking the log from the seq the page held (after).
// The mail drain runs after the response and is not metered (a game against the computer mails
// nobody). Figures, never pass/fail.
//   node bench/page-turns.mjs [turns a game, default 6]   PATTERN=before|after|both (default both)   GAMES=n (games a ruleset, default 1)
//   RULESETS=moscow,musket (default all five; moscow-soviet: Battle for Moscow with the person the Soviet)
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { startStack } from "../scripts/stack.mjs";

const GAMES = {
  // a person with two battles or more to resolve taps "Resolve all N in this order"
  moscow: {
    scenario: "standard",
    seats: ["german", "soviet"],
    asPerson: true,
  },
  // the other side of the same game, the person the Soviet (only with RULESETS naming it)
  "moscow-soviet": { ruleset: "moscow", scenario: "standard", seats: ["soviet", "german"], asPerson: true, onlyAsked: true },
  warshard: { scenario: "boot_camp", seats: ["germany", "usa"] },
  skirmish: { scenario: "small-clash", seats: ["attacker", "defender"] },
  dicewars: { scenario: "10x10", options: { players: 2 }, seats: ["p1", "p2"] },
  musket: { scenario: "pitched-battle", seats: ["blue", "red"] },
};

function meter() {
  const m = { requests: 0, rowsRead: 0, rowsWritten: 0, byKind: {} };
  const call = async (base, method, p, body, token) => {
    const headers = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    // the page sends every move with an Idempotency-Key (web/components/useSubmit.ts)
    if (method === "POST" && p.endsWith("/actions")) headers["idempotency-key"] = `page-turns-${m.requests}-${Math.random()}`;
    const r = await fetch(base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    m.requests++;
    const usage = r.headers.get("x-d1-usage") ?? "";
    m.rowsRead += Number(/rows_read=(\d+)/.exec(usage)?.[1] ?? 0);
    const written = Number(/rows_written=(\d+)/.exec(usage)?.[1] ?? 0);
    m.rowsWritten += written;
    // which of the page's requests: the human's actions, the computer's continue, a read
    const kind = `${method} ${p.replace(/^\/api\/games\/[^/?]+/, "").replace(/\?.*/, "") || "/"}`;
    const k = (m.byKind[kind] ??= { requests: 0, rowsWritten: 0 });
    k.requests++;
    k.rowsWritten += written;
    const data = await r.json().catch(() => null);
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(data)}`);
    return data;
  };
  return { m, call };
}

/** Plays `turns` human player-turns of `id`; answers the meter's totals over them. */
async function playTurns(base, engine, rngFromSeed, asPerson, id, token, seat, spec, pattern, turns, seed) {
  const { m, call } = meter();
  // the person's choices from the game's own seed, so a run plays the same games as the last
  const rng = rngFromSeed(`page-turns:${seed}`);
  let g = await call(base, "GET", `/api/games/${id}`, undefined, token);
  let last = g.seq;
  const fetchLog = async () => {
    const r = await call(base, "GET", `/api/games/${id}/log?after=${last}`);
    last = r.entries.at(-1)?.seq ?? last;
  };
  Object.assign(m, { requests: 0, rowsRead: 0, rowsWritten: 0, byKind: {} });
  let played = 0;
  // the human's player-turn ends when the move comes back to them after the others' turns
  let away = false;
  const after = (before, now) => {
    if (!now.toAct.includes(seat) || now.seq - before.seq > 1) away = true;
    if ((away && now.toAct.includes(seat) && !now.botsWaiting) || now.status !== "active") {
      played++;
      away = false;
    }
  };
  for (let guard = 0; guard < 20_000 && g.status === "active" && played < turns; guard++) {
    const before = g;
    if (g.botsWaiting) {
      const r = await call(base, "POST", `/api/games/${id}/continue`, {}, token);
      if (pattern === "before") {
        g = await call(base, "GET", `/api/games/${id}`, undefined, token);
        await fetchLog();
      } else g = { ...g, ...r };
      after(before, g);
      continue;
    }
    if (!g.toAct.includes(seat)) throw new Error(`${id}: the human is not to act and nothing waits (${g.toAct})`);
    let state = g.state;
    const batch = [];
    for (;;) {
      const bot = engine.bot(state, seat, rng);
      const action = spec.asPerson ? asPerson(state, bot) : bot;
      const preview = rngFromSeed("preview");
      const r = engine.apply(state, seat, action, preview);
      if (!r.ok) throw new Error(`bot action refused: ${r.message}`);
      batch.push(action);
      state = r.state;
      if (preview.draws > 0 || !engine.toAct(state).includes(seat) || r.events.some((e) => e.kind === "player_turn_started")) break;
    }
    const res = await call(base, "POST", `/api/games/${id}/actions`, { seq: g.seq, actions: batch }, token);
    if (pattern === "before") await fetchLog();
    g = { ...g, ...res, botsWaiting: res.botsWaiting === true };
    after(before, g);
  }
  return { ...m, turns: played };
}

/**
 * A reopening: before, the page's GET of the game and then its log from 0; after, from the seq it
 * held `back` turns ago, asked in the game's own GET (one request since 5c5f3b3).
 */
async function reopen(base, id, token, pattern, back) {
  const { m, call } = meter();
  if (pattern === "before") {
    const g = await call(base, "GET", `/api/games/${id}`, undefined, token);
    await call(base, "GET", `/api/games/${id}/log?after=0`);
    return { ...m, seq: g.seq };
  }
  // where the page's log ends is the page's own knowledge: read here without the meter
  const { seq } = await (await fetch(`${base}/api/games/${id}`)).json();
  await call(base, "GET", `/api/games/${id}?after=${Math.max(0, seq - back)}`, undefined, token);
  return { ...m, seq };
}

export async function pageTurns(turns = 6, patterns = ["before", "after"], games = 1) {
  const { getRuleset } = await tsImport("../worker/engine/registry.ts", import.meta.url);
  const { rngFromSeed } = await tsImport("../worker/engine/rng.ts", import.meta.url);
  const { asPerson } = await tsImport("./as-person.ts", import.meta.url);
  const stack = await startStack({ build: false, log: "/dev/null" });
  const rows = [];
  try {
    const only = process.env.RULESETS?.split(",");
    for (const [row, spec] of Object.entries(GAMES).filter(([r, g]) => (only ? only.includes(r) : !g.onlyAsked))) {
      const ruleset = spec.ruleset ?? row;
      for (const pattern of patterns) {
        const [human, ...bots] = spec.seats;
        const sum = { requests: 0, rowsRead: 0, rowsWritten: 0, turns: 0, byKind: {} };
        let r;
        for (let n = 0; n < games; n++) {
          const seed = `page-turns-${row}${n ? `-${n}` : ""}`;
          const created = await meter().call(stack.url, "POST", "/api/games", {
            ruleset,
            scenario: spec.scenario,
            ...(spec.options ? { options: spec.options } : {}),
            seats: { [human]: { name: "Ann" }, ...Object.fromEntries(bots.map((b) => [b, { bot: true }])) },
            creator: human,
            seed,
          });
          const engine = getRuleset(ruleset);
          const t = await playTurns(stack.url, engine, rngFromSeed, asPerson, created.id, created.you.token, human, spec, pattern, turns, seed);
          for (const k of ["requests", "rowsRead", "rowsWritten", "turns"]) sum[k] += t[k];
          for (const [kind, v] of Object.entries(t.byKind)) {
            const into = (sum.byKind[kind] ??= { requests: 0, rowsWritten: 0 });
            into.requests += v.requests;
            into.rowsWritten += v.rowsWritten;
          }
          r = await reopen(stack.url, created.id, created.you.token, pattern, 2);
        }
        rows.push({ ruleset: row, pattern, games, ...sum, reopen: r });
      }
    }
  } finally {
    await stack.stop();
  }
  return rows;
}

export function pageTurnsText(rows) {
  const per = (x, n) => (n ? (x / n).toFixed(1) : "-");
  return [
    "| ruleset | page | human player-turns (games) | requests / player-turn | rows read / player-turn | rows written / player-turn | reopening: requests, rows read (seq) |",
    "|---|---|---:|---:|---:|---:|---|",
    ...rows.map((r) => `| ${r.ruleset} | ${r.pattern} | ${r.turns} (${r.games}) | ${per(r.requests, r.turns)} | ${per(r.rowsRead, r.turns)} | ${per(r.rowsWritten, r.turns)} | ${r.reopen.requests}, ${r.reopen.rowsRead} (seq ${r.reopen.seq}) |`),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pattern = process.env.PATTERN ?? "both";
  const rows = await pageTurns(Number(process.argv[2] ?? 6), pattern === "both" ? ["before", "after"] : [pattern], Number(process.env.GAMES ?? 1));
  console.log(JSON.stringify(rows));
  console.log(pageTurnsText(rows));
}
