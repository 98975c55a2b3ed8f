// The live page: two pages of one skirmish game, one per seat, both open, two activations in a
// row. The sides make their rows in turn on their own pages; the other page shows each
// activation as it ends and that it is its move, without a reload, and no turn mail is written: a seat
// whose page is open hears of its turn live (worker/live, worker/notify/delivery.ts).
import { api, assert, launchChromium, mailboxLink, newPage, openGame, shot } from "./lib.mjs";

/**
 * One activation on the seat's own page: pick the first ready model, end its activation. The
 * other side's replay never starts by itself over the move (issue 25): a replay on screen here is a failure.
 */
export async function activate(page) {
  const back = page.getByRole("button", { name: "Back to the game" });
  const ready = page.locator(".tray button").first();
  const end = page.getByRole("button", { name: /^End \w+'s activation/ });
  const quick = { timeout: 3_000 };
  for (let tries = 0; tries < 40; tries++) {
    if (await back.isVisible()) throw new Error("the other side's replay started by itself over the move");
    if (await end.isVisible()) {
      if (await end.click(quick).then(() => true, () => false)) {
        await page.waitForFunction(() => !/Sending…|Ending…/.test(document.body.innerText), null, { timeout: 45_000 });
        return;
      }
    } else if (await ready.isVisible()) {
      // a first tap also fetches the rules: wait for the activation it starts before tapping again (a second tap would pick again)
      if (await ready.click(quick).then(() => true, () => false)) await end.waitFor({ state: "visible", timeout: 5_000 }).catch(() => undefined);
    } else await page.waitForTimeout(300);
  }
  const names = await page.getByRole("button").allInnerTexts();
  throw new Error(`could not make an activation on the page; its buttons: ${names.join(" | ")}; it says: ${(await page.locator(".hud").innerText()).replace(/\s+/g, " ")}`);
}

export function liveTests(test) {
  test("live: two pages of a skirmish game, one per seat, two activations in a row, follow every activation with no reload and no mail", async ({ base, browser }) => {
    const tag = Date.now().toString(36);
    const ann = `ann.${tag}@example.com`;
    const bo = `bo.${tag}@example.com`;
    const created = await api(base, "POST", "/api/games", {
      ruleset: "skirmish",
      scenario: "small-clash",
      seats: { attacker: { email: ann, name: "Ann" }, defender: { email: bo, name: "Bo" } },
      creator: "attacker",
      // two in a row, as two people by mail would play it: the other page sees every activation, not only a row's last
      options: { activationsInARow: 2 },
      seed: `live-${tag}`,
    });
    const id = created.id;
    // two players, two devices: a browser each (two windows of one headless browser are not both
    // in front, and the one behind paints no frames, so its replay and clicks stall)
    const other = await launchChromium();
    try {
    const pageA = await newPage(browser);
    const pageB = await newPage(other);
    const boLink = await mailboxLink(pageB, base, bo, id);
    await openGame(pageA, created.you.url);
    await openGame(pageB, boLink);
    // a reload would lose this mark
    for (const page of [pageA, pageB]) await page.evaluate(() => (window.__sameDocument = true));
    const pages = { attacker: pageA, defender: pageB };
    // both pages hold their live channel before anyone moves
    await pageA.waitForFunction(() => document.documentElement.dataset.live === "open", null, { timeout: 15_000 });
    await pageB.waitForFunction(() => document.documentElement.dataset.live === "open", null, { timeout: 15_000 });

    let handOvers = 0;
    for (let round = 0; round < 16 && handOvers < 5; round++) {
      const game = await api(base, "GET", `/api/games/${id}`);
      if (game.status !== "active") break;
      const seat = game.toAct[0];
      const other = seat === "attacker" ? "defender" : "attacker";
      await activate(pages[seat]);
      const after = await api(base, "GET", `/api/games/${id}`);
      const seq = after.seq;
      // the other page shows the activation, within a few seconds, without a reload (at a table: each one, the row's first too)
      await pages[other].waitForFunction((s) => Number(document.documentElement.dataset.seq) >= s, seq, { timeout: 20_000 });
      if (!after.toAct.includes(other)) continue;
      handOvers++;
      // (its next activation, made on that same page in the next round, shows the page offers it)
    }
    assert(handOvers >= 5, `only ${handOvers} hand-overs happened`);
    for (const page of [pageA, pageB]) assert(await page.evaluate(() => window.__sameDocument === true), "a page reloaded");
    const { mails } = await (await fetch(`${base}/api/dev/outbox?game=${id}`)).json();
    const kinds = mails.map((m) => m.kind).sort();
    assert(JSON.stringify(kinds) === JSON.stringify(["invitation", "your_link"]), `mail was written besides the invitation and link: ${kinds.join(", ")}`);
    await shot(pageB, "live-skirmish-defender");
    for (const page of [pageA, pageB]) assert(page.problems.length === 0, page.problems.join("\n"));
    } finally {
      await other.close();
    }
  });
}
