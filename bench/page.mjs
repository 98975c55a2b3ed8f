// The turn page's figures: the JavaScript a Battle for Moscow game page downloads (gzipped, as
// served to a browser), and the time to the first render of a turn-7 game in Debian's Chromium.
// `pageBench()` is called by `npm run bench` (bench/run.ts); `node bench/page.mjs` runs it alone.
// Figures, never pass/fail.
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { api, launchChromium, startStack } from "../scripts/stack.mjs";
import { playGerman } from "../scripts/moscow-german.mjs";

const RUNS = 5;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The German played by the engine's bot until `untilTurn`'s German phases, the computer Soviet answering. */
const playGermanUntil = (base, id, token, untilTurn) =>
  playGerman(base, id, token, {
    seed: "bench-german",
    stopBefore: (g) => g.turn >= untilTurn && g.phase.startsWith("german") && !g.phase.endsWith("setup"),
    after: (state, _action, g) => (state.turn >= untilTurn && state.phase !== g.phase ? "send" : null),
  });

/** A fresh browser context (empty cache) and its page, with every script it downloads kept by path. */
async function freshPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const scripts = new Map();
  page.on("response", async (r) => {
    if (r.request().resourceType() === "script" || /\.js(\?|$)/.test(r.url())) {
      try {
        scripts.set(new URL(r.url()).pathname, await r.body());
      } catch {
        /* navigation away */
      }
    }
  });
  return { context, page, scripts };
}

/** One cold page load (fresh browser context, empty cache) of a game link. */
async function load(browser, url, { cpu = 1, home = false } = {}) {
  const { context, page, scripts } = await freshPage(browser);
  if (cpu > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  }
  await page.goto(url);
  if (home) {
    await page.waitForSelector("form.newgame fieldset");
    await context.close();
    return { scripts };
  }
  await page.waitForFunction(() => performance.getEntriesByName("hexpost:board").length > 0, null, { timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  // the player's first touch fetches the ruleset's rules; the replay is rebuilt with them
  const touched = await page.evaluate(() => performance.now());
  await page.mouse.move(20, 20);
  await page.waitForFunction(() => performance.getEntriesByName("hexpost:replay-ready").length > 0, null, { timeout: 60_000 });
  const t = await page.evaluate((touch) => ({
    board: performance.getEntriesByName("hexpost:board")[0].startTime,
    replay: performance.getEntriesByName("hexpost:replay-ready")[0].startTime - touch,
    // when the last thing the first render needs (the game's JSON, the ruleset's chunk) arrived
    needed: Math.max(
      ...performance
        .getEntriesByType("resource")
        .filter((r) => /\/assets\/moscow-[^/]*\.js$|\/api\/games\/[^/?]+$/.test(r.name))
        .map((r) => r.responseEnd),
    ),
  }), touched);
  await context.close();
  return { ...t, scripts };
}

/** A game of each other ruleset with the human to move, as the page bench opens it. */
const OTHER_RULESETS = [
  { ruleset: "dicewars", scenario: "20x20", options: { players: 2 }, seats: { p1: { name: "Dora" }, p2: { bot: true } }, creator: "p1" },
  { ruleset: "warshard", scenario: "boot_camp", seats: { germany: { name: "Hans" }, usa: { bot: true } }, creator: "germany" },
  { ruleset: "musket", scenario: "pitched-battle", seats: { blue: { name: "Ann" }, red: { bot: true } }, creator: "blue" },
  { ruleset: "skirmish", scenario: "small-clash", seats: { attacker: { name: "Ann" }, defender: { bot: true } }, creator: "attacker" },
];

const gzFiles = (scripts) => [...scripts].map(([name, body]) => ({ name: name.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.js$/, ".js"), gz: gzipSync(body, { level: 9 }).length }));

/**
 * The JavaScript (gzipped, level 9) a cold open of a game link downloads until the network is
 * idle: everything the page loads without being asked; and what the player's first touch then
 * fetches (the ruleset's rules).
 */
async function pageScripts(browser, url) {
  const { context, page, scripts } = await freshPage(browser);
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName("hexpost:board").length > 0, null, { timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  const opened = gzFiles(scripts);
  await page.mouse.move(20, 20);
  await page.waitForTimeout(300);
  await page.waitForLoadState("networkidle");
  const touched = gzFiles(scripts).filter((f) => !opened.some((o) => o.name === f.name));
  await context.close();
  return Object.assign(opened, { touched });
}

export async function pageBench() {
  const stack = await startStack({ build: true, log: "/dev/null" });
  const browser = await launchChromium();
  try {
    const g = await api(stack.url, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed: "hexpost-bench-page",
    });
    const at = await playGermanUntil(stack.url, g.id, g.you.token, 7);
    const { entries } = await api(stack.url, "GET", `/api/games/${g.id}/log?after=0`);
    // the first visit to the link stores the token; later loads read it from localStorage, so
    // every run opens the link itself
    const url = `${stack.url}/g/${g.id}#t=${g.you.token}`;

    const fast = [];
    const slow = [];
    let scripts = null;
    for (let i = 0; i < RUNS; i++) {
      const r = await load(browser, url);
      scripts ??= r.scripts;
      fast.push(r);
    }
    for (let i = 0; i < RUNS; i++) slow.push(await load(browser, url, { cpu: 4 }));

    const files = [...scripts].map(([name, body]) => ({ name: name.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.js$/, ".js"), raw: body.length, gz: gzipSync(body, { level: 9 }).length }));
    files.sort((a, b) => b.gz - a.gz);
    const total = files.reduce((s, f) => s + f.gz, 0);
    const raw = files.reduce((s, f) => s + f.raw, 0);
    const homeScripts = (await load(browser, `${stack.url}/`, { home: true }).catch(() => null))?.scripts;
    const lines = [
      "### Turn page (Chromium, `wrangler dev` on loopback)",
      "",
      `- JavaScript of a Battle for Moscow game page once the player has touched it (its rules included): **${kb(total)} gzipped** (${kb(raw)} raw, ${files.length} files): ${files.map((f) => `${f.name} ${kb(f.gz)}`).join(", ")}.`,
      `- First render of a turn-7 game (${at.summary}; seq ${at.seq}, ${entries.length} log entries), from navigation start to the drawn board, fresh context and empty cache, median of ${RUNS}: **${median(fast.map((r) => r.board)).toFixed(0)} ms**; with the CPU throttled 4× (a slow phone): **${median(slow.map((r) => r.board)).toFixed(0)} ms**. Of that, the page's own work (script, layout, paint) after the game's JSON and the board's chunk arrived: ${median(fast.map((r) => r.board - r.needed)).toFixed(0)} ms, 4× throttled ${median(slow.map((r) => r.board - r.needed)).toFixed(0)} ms; the rest is the request chain to the local dev server (HTML, entry, then the game's JSON and page code in parallel, then the ruleset's chunk).`,
      `- Replay ready after the first touch (the pointer moved once the page was idle: the ruleset's rules fetched, then every position since the viewer's last move rebuilt): ${median(fast.map((r) => r.replay)).toFixed(0)} ms; 4× throttled ${median(slow.map((r) => r.replay)).toFixed(0)} ms.`,
    ];
    // every ruleset's page, as a cold open with the decision on screen (the Battle for Moscow one is the turn-7 game above)
    const weights = [["moscow", await pageScripts(browser, url)]];
    for (const body of OTHER_RULESETS) {
      const o = await api(stack.url, "POST", "/api/games", { ...body, seed: `hexpost-bench-page-${body.ruleset}` });
      weights.push([body.ruleset, await pageScripts(browser, `${stack.url}/g/${o.id}#t=${o.you.token}`)]);
    }
    lines.push(
      `- JavaScript of each ruleset's game page (a cold open of the seat's link, every script loaded until the network is idle, gzipped; aim < 40 KB): ${weights
        .map(
          ([r, fs]) =>
            `${r} **${kb(fs.reduce((n, f) => n + f.gz, 0))}** (${[...fs].sort((a, b) => b.gz - a.gz).map((f) => `${f.name} ${kb(f.gz)}`).join(", ")}; at the first touch ${fs.touched.length ? fs.touched.map((f) => `${f.name} ${kb(f.gz)}`).join(", ") : "nothing"})`,
        )
        .join("; ")}.`,
    );
    if (homeScripts) {
      const home = [...homeScripts.values()].reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
      lines.push(`- The home page (new-game form) loads ${kb(home)} of JavaScript gzipped; it never loads a ruleset.`);
    }
    return lines.join("\n");
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await pageBench());
}
