// What happened, in words, first (issue 25, items 4, 5 and the names of 7): the "Since your last
// move" card lists the other side's turns with the turn mail's own lines (dice included) and
// "Watch the replay" beside them, before the map on a phone; nothing replays by itself over the
// move; one name leaves the replay; every ruleset names hexes by the printed ids its "hex
// numbers" toggle shows (a 44 px target), musket's dice as d100 rolls; seats by their names.
import { PHONE, api, assert, mailboxLink, newPage, openGame, shot } from "./lib.mjs";

/** The one way out of the replay, on every ruleset's page. */
export const LEAVE_REPLAY = "Back to the game";

/**
 * After the other side moved: the card says what happened in words and offers the replay, the
 * replay does not start by itself, and watching it is one press of "Watch the replay".
 */
export async function watchTheReplay(page, press = (b) => b.click()) {
  const card = page.locator("section.card.replay:not(.on)");
  await card.locator(".since li").first().waitFor({ timeout: 60_000 });
  const watch = card.getByRole("button", { name: "Watch the replay" });
  await page.waitForFunction(() => [...document.querySelectorAll("section.card.replay button")].some((b) => b.textContent === "Watch the replay" && !b.disabled), null, { timeout: 45_000 });
  assert((await page.locator(".replay.on").count()) === 0, "the replay started by itself");
  await press(watch);
  await page.waitForSelector(".replay.on");
}

/** The lines a mail's HTML lists (its <li>s), as text. */
function mailLines(html) {
  const unescape = (s) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  return [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => unescape(m[1].replace(/<[^>]+>/g, "")).trim());
}

const box = (locator) => locator.boundingBox();

/** A player's sitting through the API: up to `moves` of the given kinds (the first legal one), then the end of the turn. */
async function playByApi(base, id, token, { moves, kinds, end }) {
  let seq = (await api(base, "GET", `/api/games/${id}`, undefined, token)).seq;
  for (let i = 0; i < moves; i++) {
    const legal = await api(base, "GET", `/api/games/${id}/legal`, undefined, token);
    const move = kinds.map((k) => legal.choices.find((c) => c.action.type === k)).find(Boolean);
    if (!move) break;
    seq = (await api(base, "POST", `/api/games/${id}/actions`, { seq, actions: [move.action] }, token)).seq;
  }
  const legal = await api(base, "GET", `/api/games/${id}/legal`, undefined, token);
  const stop = end.map((k) => legal.choices.find((c) => c.action.type === k)).find(Boolean);
  assert(stop, `no ${end.join(" or ")} among ${legal.choices.map((c) => c.action.type).join(", ")}`);
  return api(base, "POST", `/api/games/${id}/actions`, { seq, actions: [stop.action] }, token);
}

export function sinceTests(test) {
  test("words: 'Since your last move' lists the other player's turn with the turn mail's own lines, before the map on a phone (390x844); the replay waits to be asked; one way out", async ({ base, browser }) => {
    const tag = Date.now().toString(36);
    const ann = `ann.${tag}@example.com`;
    const bo = `bo.${tag}@example.com`;
    const g = await api(base, "POST", "/api/games", {
      ruleset: "dicewars",
      scenario: "10x10",
      options: { players: 2 },
      seats: { p1: { email: ann, name: "Ann" }, p2: { email: bo, name: "Bo" } },
      creator: "p1",
      seed: `words-${tag}`,
    });
    await playByApi(base, g.id, g.you.token, { moves: 4, kinds: ["attack", "expand"], end: ["end_turn"] });
    // the turn mail Bo is owed (held or sent: its words are frozen in the outbox), read before his page drops it
    const { mails } = await (await fetch(`${base}/api/dev/outbox?game=${g.id}`)).json();
    const turnMail = mails.find((m) => m.kind === "your_turn" && m.to === bo);
    assert(turnMail, `no turn mail for Bo: ${mails.map((m) => `${m.kind} to ${m.to}`).join(", ")}`);
    const mailed = mailLines(turnMail.html);
    assert(mailed.length >= 3, `the turn mail lists ${mailed.length} lines`);

    const page = await newPage(browser, PHONE);
    const logReads = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.pathname === `/api/games/${g.id}/log`) logReads.push(u.search);
    });
    await openGame(page, await mailboxLink(page, base, bo, g.id));
    const card = page.locator('section.card.replay[aria-label="Since your last move"]');
    await card.locator(".since li").first().waitFor();
    // the log came with the game's own read (asked after 0: this browser held none), in one request
    assert(logReads.length === 0, `the page fetched the log apart from the game: ${logReads.join(", ")}`);
    const shown = await card.locator(".since li").allInnerTexts();
    assert(JSON.stringify(shown) === JSON.stringify(mailed), `the page's lines are not the mail's:\npage: ${shown.join(" | ")}\nmail: ${mailed.join(" | ")}`);
    assert((await card.locator(".since h3").first().innerText()).startsWith("Ann"), "the lines do not say who moved");
    // hexes as the hex numbers print them, never [q,r]
    assert(shown.some((l) => /\b\d{4}\b/.test(l)) && !shown.some((l) => /\[\d+,\d+\]/.test(l)), `cells not by printed id: ${shown.join(" | ")}`);
    // before the map, and its offer within the first screen
    const [cardBox, mapBox, watchBox] = await Promise.all([box(card), box(page.locator(".hexmap")), box(card.getByRole("button", { name: "Watch the replay" }))]);
    assert(cardBox.y < mapBox.y, `the card (y ${cardBox.y}) is not above the map (y ${mapBox.y})`);
    assert(watchBox.y + watchBox.height <= 844, `"Watch the replay" is below the first screen (bottom at ${watchBox.y + watchBox.height})`);
    assert(watchBox.height >= 44, `"Watch the replay" is ${watchBox.height} px tall`);
    // the move stays in front: nothing replays by itself
    await page.waitForSelector(".sheet .card.act");
    await page.waitForTimeout(2500);
    assert((await page.locator(".replay.on").count()) === 0, "the replay started by itself over the move");
    await shot(page, "60-words-phone");
    // read and scrolled past, it leaves the map and the move on screen together, as without it
    await page.evaluate(() => window.scrollTo(0, document.querySelector(".hexmap").getBoundingClientRect().top + window.scrollY - 60));
    await page.waitForTimeout(300);
    const [mapNow, sheetNow] = await Promise.all([box(page.locator(".hexmap")), box(page.locator(".sheet"))]);
    assert(mapNow.height >= 250 && mapNow.y + mapNow.height <= sheetNow.y + 2, `past the card the map is ${Math.round(mapNow.height)} px tall, ending at ${Math.round(mapNow.y + mapNow.height)} with the move's sheet at ${Math.round(sheetNow.y)}`);
    await shot(page, "60-words-phone-map");
    await page.evaluate(() => window.scrollTo(0, 0));
    await watchTheReplay(page, (b) => b.tap());
    for (const other of ["Skip to now", "Back to now"]) assert((await page.getByRole("button", { name: other }).count()) === 0, `the replay's exit is also called "${other}"`);
    await page.getByRole("button", { name: LEAVE_REPLAY }).tap();
    await page.waitForSelector(".sheet .card.act");
    assert((await page.locator(".replay.on").count()) === 0, `"${LEAVE_REPLAY}" did not leave the replay`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();

    // at 1280x800 the same words, beside the map
    const desk = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await openGame(desk, await mailboxLink(desk, base, bo, g.id));
    const deskCard = desk.locator('section.card.replay[aria-label="Since your last move"]');
    await deskCard.locator(".since li").first().waitFor();
    assert(JSON.stringify(await deskCard.locator(".since li").allInnerTexts()) === JSON.stringify(mailed), "the desktop page's lines are not the mail's");
    assert((await desk.locator(".side section.card.replay").count()) === 1, "the card is not in the side panel at 1280x800");
    await shot(desk, "61-words-desktop");
    await desk.context().close();
  });

  test("words: musket's dice read as d100 rolls against the chance, hexes by printed id, on a phone (390x844)", async ({ base, browser }) => {
    const tag = Date.now().toString(36);
    const g = await api(base, "POST", "/api/games", { ruleset: "musket", scenario: "the-bridge", seats: { blue: { name: "Ann" }, red: { bot: true } }, creator: "blue", seed: `words-musket-${tag}` });
    // Blue fights (fire, charge, move on) until Red's turn rolls (a shot back, a morale check, a command check)
    let rolled = false;
    for (let turn = 0; turn < 12 && !rolled; turn++) {
      // the computer may have more to play than one request does: ask it to go on, as the open page would
      for (let k = 0; k < 20; k++) {
        const game = await api(base, "GET", `/api/games/${g.id}`, undefined, g.you.token);
        if (!game.botsWaiting && game.toAct.includes("blue")) break;
        await api(base, "POST", `/api/games/${g.id}/continue`, {}, g.you.token);
      }
      if ((await api(base, "GET", `/api/games/${g.id}`)).status !== "active") break;
      const answer = await playByApi(base, g.id, g.you.token, { moves: 8, kinds: ["fire", "charge", "activate", "move"], end: ["end_turn", "end_activation"] });
      rolled = (answer.entries ?? []).some((e) => e.seat === "red" && (e.lines ?? []).some((l) => /on d100/.test(l)));
      if (!rolled) {
        const { entries } = await api(base, "GET", `/api/games/${g.id}/log?after=0`);
        rolled = entries.filter((e) => e.seat === "red").slice(-8).some((e) => (e.lines ?? []).some((l) => /on d100/.test(l)));
      }
    }
    assert(rolled, "Red never rolled in 12 turns");
    const page = await newPage(browser, PHONE);
    await openGame(page, g.you.url);
    const card = page.locator('section.card.replay[aria-label="Since your last move"]');
    await card.locator(".since li").first().waitFor();
    const shown = (await card.locator(".since li").allInnerTexts()).join("\n");
    assert(/rolled \d+(\.\d+)? on d100, needing (under \d+(\.\d+)?|50 or more)/.test(shown), `no d100 roll in the card: ${shown}`);
    assert(!/rolled 0\.\d/.test(shown), `a draw is still shown as a fraction: ${shown}`);
    assert(!/\[-?\d+,-?\d+\]/.test(shown), `a hex is named by its axial pair: ${shown}`);
    await shot(page, "62-words-musket-d100");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  const games = {
    moscow: { ruleset: "moscow", scenario: "quickstart", seats: { german: { name: "Hans" }, soviet: { bot: true } }, creator: "german" },
    warshard: { ruleset: "warshard", scenario: "boot_camp", seats: { germany: { name: "Hans" }, usa: { bot: true } }, creator: "germany" },
    dicewars: { ruleset: "dicewars", scenario: "10x10", options: { players: 2 }, seats: { p1: { name: "Hans" }, p2: { bot: true } }, creator: "p1" },
    musket: { ruleset: "musket", scenario: "the-bridge", seats: { blue: { name: "Hans" }, red: { bot: true } }, creator: "blue" },
    skirmish: { ruleset: "skirmish", scenario: "small-clash", seats: { attacker: { name: "Hans" }, defender: { bot: true } }, creator: "attacker" },
  };
  for (const [id, body] of Object.entries(games)) {
    test(`words: ${id}'s page has a "hex numbers" toggle (a 44 px target) printing the ids its log names hexes by (390x844)`, async ({ base, browser }) => {
      const g = await api(base, "POST", "/api/games", { ...body, seed: `words-ids-${id}` });
      const page = await newPage(browser, PHONE);
      await openGame(page, g.you.url);
      const toggle = page.getByText("hex numbers", { exact: false }).first();
      await toggle.waitFor();
      const target = await page.evaluate(() => {
        const el = [...document.querySelectorAll(".map-aids label, .map-aids button")].find((x) => /hex numbers/.test(x.textContent ?? ""));
        const r = el?.getBoundingClientRect();
        return r ? { w: r.width, h: r.height } : null;
      });
      assert(target && target.w >= 44 && target.h >= 44, `the hex numbers toggle is ${JSON.stringify(target)} px, under 44`);
      assert((await page.locator(".hexid").count()) === 0, "hex numbers shown before asked");
      await toggle.tap();
      await page.waitForSelector(".hexid");
      const ids = await page.$$eval(".hexid", (ts) => ts.map((t) => t.textContent));
      assert(ids.every((x) => /^\d{4}$/.test(x)), `not printed ids: ${ids.slice(0, 5).join(", ")}`);
      // the log names hexes by those same ids
      const { entries } = await api(base, "GET", `/api/games/${g.id}/log?after=0`);
      const named = entries.flatMap((e) => e.lines ?? []).join("\n");
      assert(!/\[-?\d+,-?\d+\]|hex \d{4}/.test(named), `the log names a hex another way: ${named.slice(0, 400)}`);
      await shot(page, `63-words-ids-${id}`);
      assert(page.problems.length === 0, page.problems.join("\n"));
      await page.context().close();
    });
  }

  test("words: seats by their names on the page (USA, Germany's movement), never their ids (390x844)", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", { ...games.warshard, seed: "words-names" });
    const page = await newPage(browser, PHONE);
    await openGame(page, g.you.url);
    await page.waitForSelector(".card.act");
    const text = await page.locator("body").innerText();
    assert(/you play Germany/.test(text), "the top bar does not say 'you play Germany'");
    assert(/\bUSA\b/.test(text), "the USA is not named");
    assert(!/\bUsa\b|\busa\b|\bgermany\b/.test(text), `an id is shown: ${(text.match(/.{0,40}(\bUsa\b|\busa\b|\bgermany\b).{0,40}/) ?? [""])[0]}`);
    await shot(page, "64-words-names");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
