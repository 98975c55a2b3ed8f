// Commitments said alike, and status said right: the Soviet setup asks before it is sent (as
// ending a phase does) and can be taken back until then; the "Waiting" card says where the game
// stands after a send; a battle below 1:1 is labelled and warned about before it is declared.
import { api, assert, cellPoint, endPhase, hud, mailboxLink, newPage, openGame, shot, PHONE } from "./lib.mjs";

export function commitTests(test) {
  test("home: a game made without your own email shows its link to be saved before it opens", async ({ base, browser }) => {
    const page = await newPage(browser, PHONE);
    await page.goto(base + "/");
    await page.getByRole("radio", { name: /Operation Typhoon/ }).check();
    await page.getByLabel("Your name").fill("Nomail");
    await page.getByRole("radio", { name: "the computer" }).check();
    await page.getByRole("button", { name: "Start the game" }).click();
    const step = page.locator(".save-link");
    await step.waitFor();
    const link = await step.getByLabel("Your seat's link").inputValue();
    assert(/\/g\/[a-z0-9]+#t=/.test(link), `the link shown is "${link}"`);
    assert(page.url() === base + "/", "the page left the form before the link was saved");
    const open = page.getByRole("button", { name: "Open the game" });
    assert(await open.isDisabled(), "the game opens before the link is said to be saved");
    assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, "the step scrolls sideways");
    await shot(page, "46-save-link");
    await page.getByLabel("I have saved this link").check();
    await open.tap();
    await page.waitForSelector(".hexmap-svg .board");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("moscow: the Soviet setup asks before it is sent, and the Waiting card then says where the game stands", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { name: "Hans", email: "hans.setup@example.com" }, soviet: { name: "Boris" } },
      creator: "soviet",
      seed: "hexpost-e2e-soviet-setup",
    });
    const page = await newPage(browser);
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/actions")) posts++;
    });
    await openGame(page, `${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".setup");
    await page.getByRole("button", { name: /^Auto-place the rest/ }).click();
    await page.getByRole("button", { name: "Confirm setup" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    assert(/Send your setup/.test(await dialog.innerText()), `the dialog says: ${await dialog.innerText()}`);
    await dialog.getByRole("button").first().click();
    await page.waitForTimeout(200);
    assert(posts === 0, "the setup was sent without asking");
    assert(/Soviet setup/.test(await hud(page, "Phase")), "the setup left the page although it was taken back");
    assert((await page.locator(".setup").count()) === 1, "the setup panel is gone after taking it back");
    await page.getByRole("button", { name: "Confirm setup" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Send setup" }).click();
    await page.waitForSelector(".card.wait");
    await page.waitForFunction(() => !/Sending…/.test(document.querySelector(".card.wait")?.textContent ?? "Sending…"));
    assert(posts === 1, `${posts} sends`);
    const phase = await hud(page, "Phase");
    const waiting = await page.locator(".card.wait").innerText();
    assert(/German setup/.test(phase), `the strip says ${phase}`);
    assert(waiting.includes(phase) && !/Soviet setup/.test(waiting), `the Waiting card says "${waiting}" while the strip says ${phase}`);
    await shot(page, "43-soviet-setup-sent");
    assert((await page.locator(".card.result").count()) === 1, "no card says what the setup did");
    // the German plays up to the Soviet's turn elsewhere; the page picks it up: the replay offer, and no old card beside it
    const mailbox = await newPage(browser);
    const href = await mailboxLink(mailbox, base, "hans.setup@example.com", g.id);
    await mailbox.context().close();
    const hans = decodeURIComponent(new URLSearchParams(href.split("#")[1]).get("t"));
    for (let guard = 0; guard < 20; guard++) {
      const now = await api(base, "GET", `/api/games/${g.id}`, undefined, hans);
      if (!now.toAct.includes("german")) break;
      let actions = [{ type: "end_phase" }];
      if (now.phase === "german_setup") actions = [(await api(base, "GET", `/api/games/${g.id}/legal`, undefined, hans)).choices[0].action];
      await api(base, "POST", `/api/games/${g.id}/actions`, { seq: now.seq, actions }, hans);
    }
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    // the live page may show the German's turn part-way (each of its sendings is announced): what
    // counts is the page once the move is the Soviet's again
    await page.waitForSelector(".card.act");
    await page.getByRole("button", { name: "Watch the replay" }).waitFor();
    assert((await page.locator(".card.result").count()) === 0, "your own old card stays beside the German's replay");
    await shot(page, "47-soviet-after-german");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("moscow: a battle below 1:1 says it has no effect before and after it is declared", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed: "hexpost-e2e-below-1-1",
    });
    const page = await newPage(browser);
    await openGame(page, `${base}/g/${g.id}#t=${g.you.token}`);
    await endPhase(page);
    await page.waitForSelector(".declare .tray .chip");
    // the combat results table lights the drafted battle's column; the rules in brief and the legend's keys are on the page
    await page.locator(".declare .tray").first().getByRole("button").first().click();
    const everyone = page.locator(".declare .tray").nth(1).getByRole("button");
    for (let k = 0; k < (await everyone.count()); k++) await everyone.nth(k).click();
    const odds = (await page.locator(".odds .final strong").innerText()).trim();
    assert(/^[1-6]:1$/.test(odds), `the whole stack attacks at ${odds}`);
    assert(await page.locator(".crt-card").evaluate((d) => d.open), "the combat results table is closed during combat");
    const lit = await page.locator(".crt thead th.on").innerText();
    assert(lit.trim() === odds, `the table lights ${lit}, the battle is at ${odds}`);
    assert((await page.locator(".crt tbody td.on").count()) === 6, "the lit column is not the whole column");
    await shot(page, "45-crt-lit");
    await page.locator(".declare .tray").first().getByRole("button").first().click();
    await page.locator(".rules-card summary").click();
    // the rules in brief load when opened
    await page.locator(".rules-card .rules-brief").waitFor();
    assert(/Moscow \(1103\) after turn 7/.test(await page.locator(".rules-card").innerText()), "no rules summary");
    const legend = await page.locator(".legend").first().innerText();
    for (const key of ["city held by", "map edge", "half strength"]) assert(legend.includes(key), `the legend has no "${key}": ${legend}`);
    // find a lone attacker below 1:1
    const targets = page.locator(".declare .tray").first().getByRole("button");
    let found = false;
    for (let i = 0; i < (await targets.count()) && !found; i++) {
      await targets.nth(i).click();
      const attackers = page.locator(".declare .tray").nth(1).getByRole("button");
      for (let k = 0; k < (await attackers.count()) && !found; k++) {
        await attackers.nth(k).click();
        await page.waitForSelector(".odds .final");
        if (await page.locator(".odds .final.none").count()) found = true;
        else await attackers.nth(k).click();
      }
      // the picked enemy unit alone stays in its tray: a tap on it again drops it
      if (!found) await page.locator(".declare .tray").first().locator(".chip.on").click();
    }
    assert(found, "no lone attacker below 1:1 in this position");
    assert((await page.locator(".declare .warn-line").count()) === 1, "no warning for a battle below 1:1");
    // desktop: nothing covers the button that adds the battle, scrolled to the panel's foot
    const covered = await page.evaluate(() => {
      const b = [...document.querySelectorAll(".actionbar button.primary")].find((x) => /^Add battle/.test(x.textContent));
      b.scrollIntoView({ block: "end" });
      const r = b.getBoundingClientRect();
      const el = document.elementFromPoint(r.left + r.width / 2, r.bottom - 4);
      return b.contains(el) ? null : el?.outerHTML.slice(0, 80);
    });
    assert(covered === null, `"Add battle" is covered by ${covered}`);
    // the line about a hovered hex sits under the map, names a unit once
    const bottom = await page.$$eval(".piece", (ps) => ps.map((p) => p.getAttribute("data-cell")).sort((a, b) => Number(b.slice(2)) - Number(a.slice(2)))[0]);
    const p = await cellPoint(page, bottom);
    await page.mouse.move(p.x, p.y);
    const info = await page.locator("#hexmap-info").innerText();
    const [mapBox, infoBox] = [await page.locator(".hexmap-svg").boundingBox(), await page.locator("#hexmap-info").boundingBox()];
    assert(infoBox.y >= mapBox.y + mapBox.height - 0.5, `the hover line covers the map: ${JSON.stringify({ mapBox, infoBox })}`);
    assert(info.startsWith(bottom) && !/\b(\w+) \1\b/.test(info), `the hover line says "${info}"`);
    await page.getByRole("button", { name: /^Add battle \(no effect\)/ }).click();
    await page.getByRole("button", { name: /^Declare 1 battle$/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    assert(/below 1:1/.test(await dialog.innerText()), `the dialog says: ${await dialog.innerText()}`);
    await shot(page, "44-below-1-1-warned");
    await dialog.getByRole("button", { name: "Declare anyway" }).click();
    const resolve = page.getByRole("button", { name: /^Resolve battle 1/ });
    await resolve.waitFor();
    assert((await resolve.innerText()).trim() === "Resolve (no effect)", `the button reads "${await resolve.innerText()}"`);
    assert((await page.getByRole("button", { name: "Resolve (roll)" }).count()) === 0, "a battle below 1:1 offers a roll");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
