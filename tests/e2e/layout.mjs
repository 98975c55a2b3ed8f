// Layout (issue 25, point 7): the turn controls stay on screen at 1280x800 and on a phone under
// the skirmish's tall attack panel; the map aids are toggles of 44 px; a Battle for Moscow battle
// is drafted and declared on a phone without scrolling, every control it needs on screen when it
// is needed; /dev/mail fits a phone.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, api, assert, clickCell, newPage, shot, tapCell, PHONE } from "./lib.mjs";

const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Where an element is, with the page left where it is (no scrolling), and whether something else covers its middle. */
async function onScreen(page, selector) {
  return page.evaluate((sel) => {
    const els = [...document.querySelectorAll(sel)].filter((e) => e.offsetParent);
    return els.map((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        text: el.textContent.trim().slice(0, 40),
        top: Math.round(r.top),
        bottom: Math.round(r.bottom),
        height: Math.round(r.height),
        inView: r.top >= 0 && r.bottom <= window.innerHeight + 0.5 && r.left >= 0 && r.right <= window.innerWidth + 0.5,
        covered: top && !el.contains(top) ? top.outerHTML.slice(0, 60) : null,
      };
    });
  }, selector);
}

function assertShown(boxes, where) {
  assert(boxes.length > 0, `${where}: not drawn`);
  for (const b of boxes) assert(b.inView && !b.covered, `${where}: "${b.text}" is off screen or covered: ${JSON.stringify(b)}`);
}

/** The Clash at the Farm with a2 on the west flank, the attacker to pick a model (as skirmish.mjs plays it). */
function flank() {
  const clash = JSON.parse(readFileSync(path.join(ROOT, "scenarios/skirmish/small-clash.json"), "utf8"));
  clash.id = "layout-flank";
  clash.position.activeSide = 0;
  clash.position.models.a2.hex = [5, 8];
  return clash;
}

export function layoutTests(test) {
  for (const [label, opts] of [
    ["1280x800", DESKTOP],
    ["390x844", PHONE],
  ]) {
    test(`layout: the skirmish's turn controls stay on screen under the attack's odds at ${label}`, async ({ base, browser }) => {
      const g = await api(base, "POST", "/api/games", { ruleset: "skirmish", scenario: flank(), seats: { attacker: { name: "Ann" }, defender: { bot: true } }, creator: "attacker", seed: `hexpost-e2e-layout-${label}` });
      const page = await newPage(browser, opts);
      const phone = opts === PHONE;
      const press = (loc) => (phone ? loc.tap() : loc.click());
      await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
      await page.waitForSelector(".skirmish .hexmap-svg .sk-board");
      await press(page.getByRole("button", { name: /^a2 Swordfighter/ }));
      await page.waitForSelector(".mark.sel");
      await (phone ? tapCell : clickCell)(page, "0608");
      await page.waitForSelector('.piece[data-key="a2"][data-cell="0608"]');
      await (phone ? tapCell : clickCell)(page, "0708");
      await page.waitForSelector(".sk-choice");
      await page.waitForTimeout(200);
      await shot(page, `51-layout-skirmish-odds-${label}`);
      assertShown(await onScreen(page, ".actionbar button"), `${label}, the attack's odds shown`);
      // and the attack's own button, the decision's next step
      assertShown(await onScreen(page, ".sk-choice button"), `${label}, the attack's button`);
      assert(page.problems.length === 0, page.problems.join("\n"));
      await page.context().close();
    });
  }

  for (const [label, opts] of [
    ["390x844", PHONE],
    ["1280x800", DESKTOP],
  ]) {
    test(`layout: the map aids are toggles of 44 px at ${label}`, async ({ base, browser }) => {
      const g = await api(base, "POST", "/api/games", { ruleset: "warshard", scenario: "boot_camp", seats: { germany: { name: "Hans" }, usa: { bot: true } }, creator: "germany", seed: `hexpost-e2e-aids-${label}` });
      const page = await newPage(browser, opts);
      await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
      await page.waitForSelector(".map-aids label");
      const aids = await page.$$eval(".map-aids label", (ls) => ls.map((l) => ({ text: l.textContent.trim(), width: l.getBoundingClientRect().width, height: l.getBoundingClientRect().height })));
      assert(aids.length >= 2, `only ${aids.length} map aids`);
      const small = aids.filter((a) => a.height < 44 || a.width < 44);
      assert(small.length === 0, `map aids under 44 px: ${JSON.stringify(small)}`);
      // a tap anywhere on the toggle switches it
      const first = page.locator(".map-aids label").first();
      // (on a phone, above the sheet of the decision that covers the foot of the screen)
      await first.evaluate((el) => el.scrollIntoView({ block: "center" }));
      const box = await first.boundingBox();
      const at = { x: box.x + box.width - 8, y: box.y + box.height - 6 };
      if (opts === PHONE) await page.touchscreen.tap(at.x, at.y);
      else await page.mouse.click(at.x, at.y);
      await page.waitForTimeout(100);
      assert(await first.locator("input").isChecked(), `a tap on the toggle's edge (${JSON.stringify(at)} in ${JSON.stringify(box)}) did not switch it on`);
      await shot(page, `52-layout-map-aids-${label}`);
      assert(page.problems.length === 0, page.problems.join("\n"));
      await page.context().close();
    });
  }

  test("layout: a Battle for Moscow battle drafted and declared on a phone without scrolling", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed: "hexpost-e2e-layout-battle",
    });
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".sheet .card.act");
    // to combat: the panzer movement phase ends with no move
    await page.getByRole("button", { name: "End phase", exact: true }).tap();
    const dialog = page.getByRole("dialog");
    await page.waitForTimeout(100);
    if (await dialog.isVisible().catch(() => false)) await dialog.getByRole("button").last().tap();
    await page.waitForFunction(() => /German combat/.test(document.querySelector(".hud")?.textContent ?? ""));
    await page.waitForSelector(".declare .tray .chip");
    const noScroll = async (what, sel) => {
      const sheetScrolled = await page.$eval(".sheet-body", (el) => el.scrollTop);
      assert(sheetScrolled === 0, `${what}: the sheet was scrolled (${sheetScrolled} px)`);
      assertShown(await onScreen(page, sel), what);
    };
    let taps = 0;
    const tap = async (loc) => {
      await loc.tap();
      taps++;
    };
    await noScroll("the enemy units to attack", ".declare .tray .chip");
    await tap(page.locator(".declare .tray").first().getByRole("button").first());
    await page.waitForSelector(".declare .tray:nth-of-type(2) .chip, .declare .tray + .tray .chip");
    await noScroll("the units that can attack", ".declare .tray + .tray .chip");
    await tap(page.locator(".declare .tray").nth(1).getByRole("button").first());
    await page.waitForSelector(".odds .final");
    await noScroll("the odds", ".odds");
    await shot(page, "53-layout-moscow-battle");
    await noScroll("the button that adds the battle", ".actionbar button.primary");
    assert(/^Add battle/.test(await page.locator(".actionbar button.primary").innerText()), "the turn controls do not offer to add the battle");
    await tap(page.locator(".actionbar button.primary"));
    await noScroll("the button that declares", ".actionbar button.primary");
    assert(/^Declare 1 battle$/.test(await page.locator(".actionbar button.primary").innerText()), "the turn controls do not offer to declare");
    await tap(page.locator(".actionbar button.primary"));
    const warned = page.getByRole("dialog").getByRole("button", { name: "Declare anyway" });
    if (await warned.isVisible().catch(() => false)) await tap(warned);
    await page.waitForSelector(".resolve");
    await noScroll("the battle to resolve", ".resolve button");
    assert(taps <= 5, `a battle took ${taps} taps`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("layout: /dev/mail fits a phone", async ({ base, browser }) => {
    await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { name: "Hans", email: "hans.layout@example.com" }, soviet: { name: "Boris", email: "boris.layout@example.com" } },
      creator: "german",
      seed: "hexpost-e2e-layout-mail",
    });
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/dev/mail`, { waitUntil: "domcontentloaded" });
    await page.waitForSelector("article");
    const r = await page.evaluate(() => ({
      viewport: document.querySelector('meta[name="viewport"]')?.getAttribute("content") ?? "",
      width: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      font: parseFloat(getComputedStyle(document.querySelector("article")).fontSize),
    }));
    assert(/width=device-width/.test(r.viewport), `no mobile viewport: "${r.viewport}"`);
    assert(r.width === 390 && r.scrollWidth <= r.width, `the mailbox scrolls sideways: ${JSON.stringify(r)}`);
    assert(r.font >= 14, `the mail text is ${r.font} px`);
    await shot(page, "54-layout-dev-mail-phone");
    await page.context().close();
  });
}
