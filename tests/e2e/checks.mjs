// Smaller checks: headers, plain-word errors, the 409 path, keyboard labels.
import { api, assert, fastForward, mailboxLink, newPage, openGame, shot, PHONE } from "./lib.mjs";

/** The German's page of a new quickstart game against the computer. */
async function quickstartPage(base, browser, seed) {
  const g = await api(base, "POST", "/api/games", {
    ruleset: "moscow",
    scenario: "quickstart",
    seats: { german: { name: "Hans" }, soviet: { bot: true } },
    creator: "german",
    seed,
  });
  const page = await newPage(browser);
  await openGame(page, `${base}/g/${g.id}#t=${g.you.token}`);
  return page;
}

export function pageChecks(test) {
  test("home: your games in this browser (phone), and the list by mail", async ({ base, browser }) => {
    const email = `mine.${Date.now().toString(36)}@example.com`;
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans", email }, soviet: { bot: true } },
      creator: "german",
      seed: "hexpost-e2e-my-games",
    });
    const page = await newPage(browser, PHONE);
    await openGame(page, `${base}/g/${g.id}#t=${g.you.token}`);
    await page.goto(base + "/");
    const entry = page.locator(".my-games-list li", { hasText: `#${g.id.slice(0, 4)}` });
    await entry.waitFor();
    assert(/your move/.test(await entry.innerText()), `the list says: ${await entry.innerText()}`);
    const box = await entry.locator("a").boundingBox();
    assert(box && box.height >= 44, `the game's link is ${box?.height} px tall`);
    await page.getByLabel(/The address your links went to/).fill(email);
    await page.getByRole("button", { name: "Mail me my games" }).click();
    const status = await page.getByRole("status").innerText();
    assert(/a mail listing them is on its way/.test(status), `answer: ${status}`);
    assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, "the home page scrolls sideways on a phone");
    await shot(page, "02-home-my-games-phone");
    const { mails } = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    const list = mails.find((m) => m.kind === "my_games");
    assert(list && list.text.includes(`#${g.id.slice(0, 4)}`), "no 'my games' mail listing the game");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("pages send a strict CSP and no referrer", async ({ base }) => {
    for (const p of ["/", "/g/nosuchgame"]) {
      const r = await fetch(base + p);
      const csp = r.headers.get("content-security-policy") ?? "";
      assert(r.ok, `${p}: ${r.status}`);
      assert(/script-src 'self'/.test(csp) && !/unsafe-inline/.test(csp), `${p}: CSP is "${csp}"`);
      assert(r.headers.get("referrer-policy") === "no-referrer", `${p}: no Referrer-Policy`);
      const html = await r.text();
      assert(!/<script(?![^>]*\bsrc=)[^>]*>/.test(html), `${p}: inline script`);
    }
  });

  test("an unknown game says so in plain words", async ({ base, browser }) => {
    const page = await newPage(browser);
    await page.goto(`${base}/g/nosuchgame`);
    const text = await page.locator("[role=alert]").innerText();
    assert(/no such game/i.test(text), `got: ${text}`);
    assert(!/Error:|at .*\.js/.test(text), "a stack trace is shown");
    await page.context().close();
  });

  test("a stale page (409) offers to reload", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed: "hexpost-e2e-stale",
    });
    const link = `${base}/g/${g.id}#t=${g.you.token}`;
    const a = await newPage(browser);
    const b = await newPage(browser);
    await openGame(a, link);
    await openGame(b, link);
    for (const p of [a, b]) {
      await p.getByRole("button", { name: /^Auto-place the rest/ }).click();
      await p.getByRole("button", { name: "Confirm setup" }).click();
    }
    await a.getByRole("button", { name: /^Send \d+ queued/ }).click();
    await a.waitForFunction(() => /panzer movement/i.test(document.querySelector(".hud")?.textContent ?? "") && !document.querySelector(".queue"));
    await b.getByRole("button", { name: /^Send \d+ queued/ }).click();
    await b.getByRole("button", { name: "Reload the game" }).waitFor();
    // said once, by the banner with its reload, not again beside the board
    const alerts = await b.locator("[role=alert]").allInnerTexts();
    assert(alerts.length === 1 && /moved on/i.test(alerts[0]), `got: ${JSON.stringify(alerts)}`);
    await b.getByRole("button", { name: "Reload the game" }).click();
    await b.waitForSelector(".hexmap-svg");
    await b.waitForFunction(() => /panzer movement/i.test(document.querySelector(".hud")?.textContent ?? ""));
    await a.context().close();
    await b.context().close();
  });

  test("on your move, a move made on another device is noticed before you send", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed: "hexpost-e2e-elsewhere",
    });
    const page = await newPage(browser);
    await openGame(page, `${base}/g/${g.id}#t=${g.you.token}`);
    // the same seat moves from elsewhere (its link on another device)
    const legal = await api(base, "GET", `/api/games/${g.id}/legal`, undefined, g.you.token);
    const view = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
    await api(base, "POST", `/api/games/${g.id}/actions`, { seq: view.seq, actions: [legal.choices[0].action] }, g.you.token);
    // the page looks again whenever it is shown
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.getByRole("button", { name: "Reload the game" }).waitFor();
    await page.getByRole("button", { name: "Reload the game" }).click();
    await page.waitForFunction(() => !document.querySelector(".banner.warn"));
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("the record mid-game from the menu, and a resignation brings the result into view (phone)", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed: "hexpost-e2e-record",
    });
    const page = await newPage(browser, PHONE);
    await openGame(page, `${base}/g/${g.id}#t=${g.you.token}`);
    await page.getByText("Game settings").click();
    const link = page.getByRole("link", { name: "Download the game record so far" });
    const href = await link.getAttribute("href");
    const record = await (await fetch(base + href)).json();
    assert(Array.isArray(record.log) && record.start, "the record so far has no start or log");
    await page.getByRole("button", { name: "Resign" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Resign" }).click();
    await page.waitForSelector(".gameover, .game-over");
    await page.waitForFunction(() => {
      const r = document.querySelector(".gameover, .game-over")?.getBoundingClientRect();
      return !!r && r.top >= -1 && r.top < window.innerHeight;
    });
    await shot(page, "03-resigned-phone");
    await page.context().close();
  });

  test("vacation on and off from the game menu, on a phone", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans" }, soviet: { name: "Olga", email: "olga.vacation@example.com" } },
      creator: "german",
      hoursPerTurn: 72,
      seed: "hexpost-e2e-vacation",
    });
    const page = await newPage(browser, PHONE);
    // the reminder mail's link opens the game with its vacation switch in view
    await openGame(page, `${base}/g/${g.id}#t=${g.you.token}&do=vacation`);
    const deadlineBefore = (await api(base, "GET", `/api/games/${g.id}`)).deadline;
    await page.getByLabel(/Going away\? Stop your clock/).waitFor();
    assert(await page.getByLabel(/Going away\? Stop your clock/).isVisible(), "the vacation switch is not in view");
    await page.getByLabel(/Going away\? Stop your clock/).selectOption("2");
    await page.getByRole("button", { name: "Start my vacation" }).click();
    await page.locator(".banner", { hasText: "is on vacation until" }).waitFor();
    const away = await api(base, "GET", `/api/games/${g.id}`);
    assert(away.deadline === deadlineBefore + 2 * 86_400_000, `the deadline moved from ${deadlineBefore} to ${away.deadline}`);
    await shot(page, "04-vacation-phone");
    await page.getByRole("button", { name: "End my vacation now" }).click();
    await page.waitForFunction(() => ![...document.querySelectorAll(".banner")].some((b) => /on vacation until/.test(b.textContent ?? "")));
    const back = await api(base, "GET", `/api/games/${g.id}`);
    // the seconds spent on vacation stay on the clock; the rest of the two days come back
    assert(back.deadline >= deadlineBefore && back.deadline - deadlineBefore < 60_000, `coming back at once should give the clock back: ${back.deadline} vs ${deadlineBefore}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("pause by agreement: proposed from the menu on a phone, agreed from the other player's page", async ({ base, browser }) => {
    const olga = `olga.pause.${Date.now().toString(36)}@example.com`;
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans" }, soviet: { name: "Olga", email: olga } },
      creator: "german",
      hoursPerTurn: 72,
      seed: "hexpost-e2e-pause",
    });
    const hans = await newPage(browser, PHONE);
    await openGame(hans, `${base}/g/${g.id}#t=${g.you.token}`);
    const deadlineBefore = (await api(base, "GET", `/api/games/${g.id}`)).deadline;
    await hans.getByText("Game settings").click();
    await hans.getByLabel(/Pause the whole game/).selectOption("3");
    await hans.getByRole("button", { name: "Propose a pause" }).click();
    await hans.locator(".banner.pause", { hasText: "Waiting for Olga" }).waitFor();

    const other = await newPage(browser, PHONE);
    await openGame(other, await mailboxLink(other, base, olga, g.id));
    await other.locator(".banner.pause", { hasText: /Hans \(German\) proposes to pause the game until/ }).waitFor();
    await shot(other, "05-pause-proposed-phone");
    await other.locator(".banner.pause").getByRole("button", { name: "Agree" }).click();
    await other.locator(".banner.pause", { hasText: "Paused by agreement until" }).waitFor();
    const paused = await api(base, "GET", `/api/games/${g.id}`);
    assert(paused.pausedUntil !== null && paused.deadline > deadlineBefore + 2.9 * 86_400_000, `the clock did not stop: ${JSON.stringify([paused.pausedUntil, paused.deadline, deadlineBefore])}`);

    await hans.reload();
    await hans.locator(".banner.pause", { hasText: "Paused by agreement until" }).waitFor();
    await hans.getByText("Game settings").click();
    await hans.getByRole("button", { name: "Propose to resume now" }).click();
    await other.reload();
    await other.locator(".banner.pause").getByRole("button", { name: "Agree" }).click();
    await other.waitForFunction(() => !document.querySelector(".banner.pause"));
    assert((await api(base, "GET", `/api/games/${g.id}`)).pausedUntil === null, "the game did not resume");
    assert(hans.problems.length === 0 && other.problems.length === 0, [...hans.problems, ...other.problems].join("\n"));
    await hans.context().close();
    await other.context().close();
  });

  test("rematch: play again after the game, with the sides swapped", async ({ base, browser }) => {
    const page = await quickstartPage(base, browser, "hexpost-e2e-rematch");
    const oldId = page.url().split("/g/")[1].split("#")[0];
    await page.getByText("Game settings").click();
    await page.getByRole("button", { name: "Resign" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Resign" }).click();
    await page.waitForSelector(".gameover");
    // against the computer nobody else must agree: the new game opens at once, Hans now Soviet
    await page.getByRole("button", { name: "Play again (sides swapped)" }).click();
    await page.waitForURL((url) => /\/g\/[a-z0-9]+/.test(url.pathname) && !url.pathname.endsWith(oldId));
    await page.waitForSelector(".hexmap-svg .board");
    const newId = new URL(page.url()).pathname.split("/g/")[1];
    const token = await page.evaluate((k) => localStorage.getItem(k), `hexpost:t:${newId}`);
    const fresh = await api(base, "GET", `/api/games/${newId}`, undefined, token);
    assert(fresh.you?.seat === "soviet", `Hans should play the Soviets now, not ${fresh.you?.seat}`);
    assert(fresh.seats.find((s) => s.seat === "soviet").name === "Hans", "the rematch lost the player's name");
    const old = await api(base, "GET", `/api/games/${oldId}`);
    assert(old.rematch.gameId === newId && fresh.seedCommitment !== old.seedCommitment, "the rematch is not the new game with a new seed");
    await page.context().close();
  });

  test("home: the computer plays every seat while you watch", async ({ base, browser }) => {
    const page = await newPage(browser, PHONE);
    await page.goto(base + "/");
    await page.getByRole("radio", { name: "DiceWars" }).check();
    await page.getByRole("radio", { name: /10×10/ }).check();
    await page.getByLabel("Players").selectOption("2");
    await page.getByLabel("You play").selectOption("@watch");
    assert((await page.getByRole("group", { name: /^Opponent/ }).count()) === 0, "no seat should ask for a person when the computer plays all");
    await page.getByLabel("Your email (optional)").fill(`watcher.${Date.now().toString(36)}@example.com`);
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.waitForURL(/\/g\/[a-z0-9]+$/);
    const id = page.url().split("/g/")[1];
    await page.waitForSelector(".dicewars .hexmap-svg .board");
    const game = await api(base, "GET", `/api/games/${id}`);
    assert(game.seats.every((s) => s.bot), "every seat should be the computer's");
    // the open page keeps the computer going
    await page.waitForFunction(async (gid) => (await (await fetch(`/api/games/${gid}`)).json()).seq > 40, id, { timeout: 60_000 });
    await page.context().close();
  });

  test("map aids: hex numbers and the enemy's zones of control on demand", async ({ base, browser }) => {
    const page = await quickstartPage(base, browser, "hexpost-e2e-aids");
    assert((await page.locator(".hexids .hexid").count()) === 0, "hex numbers shown before asked for");
    await page.getByLabel("hex numbers").check();
    assert((await page.locator(".hexids .hexid").count()) === 140, "not every hex is numbered");
    assert((await page.locator(".hexids .hexid").first().textContent()) === "0101", "the first hex is not 0101");
    await page.getByLabel("Soviet zones of control").check();
    const zoc = await page.locator(".overlay.zoc polygon").count();
    assert(zoc > 20, `only ${zoc} hexes in the Soviet zones of control`);
    await shot(page, "15-map-aids");
  });

  test("keyboard: every button has a name and the map is one tab stop", async ({ base, browser }) => {
    const page = await quickstartPage(base, browser, "hexpost-e2e-keys");
    const unnamed = await page.$$eval("button", (bs) => bs.filter((b) => !(b.getAttribute("aria-label") || b.textContent.trim())).length);
    assert(unnamed === 0, `${unnamed} buttons without a name`);
    // Tab reaches the map; arrows move the cursor and the info line follows
    let onMap = false;
    for (let i = 0; i < 12 && !onMap; i++) {
      await page.keyboard.press("Tab");
      onMap = await page.evaluate(() => document.activeElement?.classList.contains("hexmap-svg") ?? false);
    }
    assert(onMap, "Tab never reaches the map");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    const info = await page.locator("#hexmap-info").innerText();
    assert(/^\d{4}/.test(info), `no hex described: "${info}"`);
    // select a panzer with the keyboard: its reachable hexes light up
    // the keys pressed fetched the rules: the units that can move are drawn so once they are there
    await page.waitForSelector(".piece .counter.can-act", { timeout: 5000 }).catch(() => {});
    const panzer = await page.$$eval(".piece", (els) => els.find((e) => e.querySelector(".counter.can-act"))?.getAttribute("data-cell"));
    await page.keyboard.type(panzer);
    await page.keyboard.press("Enter");
    assert((await page.locator(".mark.dest").count()) > 0, "no reachable hexes after selecting by keyboard");
    await page.keyboard.press("Escape");
    assert((await page.locator(".mark.dest").count()) === 0, "Escape did not deselect");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("game over: winner, Moscow, the revealed seed and the record", async ({ base, browser }) => {
    const seed = "hexpost-e2e-over";
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed,
    });
    const over = await fastForward(base, g.id, g.you.token);
    assert(over.status === "finished", "the game did not finish");
    const page = await newPage(browser);
    await openGame(page, `${base}/g/${g.id}#t=${g.you.token}`);
    const panel = await page.locator(".gameover").innerText();
    assert(/Game over/.test(panel) && /won/i.test(panel), `no winner: ${panel}`);
    assert(/Moscow \(1103\) is held by the (German|Soviet)/.test(panel), "no Moscow control");
    assert(panel.includes(seed), "the seed is not revealed");
    const href = await page.getByRole("link", { name: "Download the game record" }).getAttribute("href");
    const record = await api(base, "GET", href);
    assert(record.seed === seed && record.status === "finished", "the record has no seed");
    assert((await page.locator(".actionbar").count()) === 0, "turn controls on a finished game");
    await shot(page, "14-game-over");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
