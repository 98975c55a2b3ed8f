// One-handed on a phone (390x844, touch): the default view frames the action with hexes big
// enough for a finger, the decision's sheet and the map are on screen together without
// scrolling, the turn controls cover nothing and fit the screen, the zoom buttons cover no
// hex, and pinching out stops at the whole map. For Battle for Moscow and for DiceWars.
import { api, assert, endPhase, newPage, pinch, shot, viewBox, PHONE } from "./lib.mjs";

const TAP_PX = 44;

/** Sizes and places, read with the page at its top. */
async function measure(page, extra = []) {
  return page.evaluate((sels) => {
    window.scrollTo(0, 0);
    const box = (el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
    };
    const svg = document.querySelector(".hexmap-svg");
    const s = Number(svg.getAttribute("data-size"));
    const ctm = svg.getScreenCTM();
    const map = box(svg);
    // lit hexes (the choices and the ruleset's marks) whose centre is inside the map's box
    const lit = [...document.querySelectorAll(".mark")].map((m) => box(m)).filter((b) => {
      const x = (b.left + b.right) / 2;
      const y = (b.top + b.bottom) / 2;
      return x >= map.left && x <= map.right && y >= map.top && y <= map.bottom;
    });
    return {
      w: window.innerWidth,
      h: window.innerHeight,
      scrollW: document.documentElement.scrollWidth,
      hexPx: Math.sqrt(3) * s * ctm.a,
      map,
      lit: lit.length,
      marks: document.querySelectorAll(".mark").length,
      tools: [...document.querySelectorAll(".hexmap-tools button")].map(box),
      bar: box(document.querySelector(".actionbar")),
      sheetBody: box(document.querySelector(".sheet-body")),
      title: box(document.querySelector(".card.act h2")),
      extra: sels.map((sel) => box(document.querySelector(sel))),
      small: [...document.querySelectorAll(".sheet button, .hexmap-tools button")]
        .filter((b) => b.offsetParent)
        .map((b) => ({ text: b.textContent.trim(), ...box(b) }))
        .filter((b) => b.height < 44 || b.width < 44),
    };
  }, extra);
}

const inside = (b, r) => b && b.top >= 0 && b.bottom <= r.h + 0.5 && b.left >= 0 && b.right <= r.w + 0.5;
const overlaps = (a, b) => a && b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The checks of the issue's "done when" for a phone, at the page's top, without scrolling. */
export async function phoneLayout(page, where, extra = []) {
  const r = await measure(page, extra);
  const say = (m) => `${where}: ${m}\n      ${JSON.stringify(r)}`;
  assert(r.scrollW <= r.w, say(`the page scrolls sideways (${r.scrollW} px wide)`));
  assert(inside(r.map, r), say("the map is not wholly on screen"));
  assert(r.hexPx >= TAP_PX - 0.5, say(`a hex is ${r.hexPx.toFixed(1)} px tall, under ${TAP_PX}`));
  assert(r.marks === 0 || r.lit > 0, say("no lit hex of the decision is in view"));
  assert(r.bar && inside(r.bar, r) && r.bar.width <= r.w, say("the turn controls are off screen or wider than it"));
  assert(inside(r.title, r) && r.title.bottom <= r.bar.top, say("the decision's title is off screen or under the controls"));
  assert(r.sheetBody.bottom <= r.bar.top + 0.5, say("the turn controls cover the decision"));
  assert(r.map.bottom <= r.sheetBody.top + 0.5, say("the decision covers the map"));
  for (const t of r.tools) assert(!overlaps(t, r.map), say("a zoom button covers the map"));
  assert(r.small.length === 0, say(`buttons under ${TAP_PX} px: ${r.small.map((b) => `${b.text} ${b.width}x${b.height}`).join(", ")}`));
  r.extra.forEach((b, i) => {
    assert(inside(b, r) && b.bottom <= r.bar.top + 0.5 && b.top >= r.sheetBody.top - 0.5, say(`"${extra[i]}" is not on screen above the controls`));
  });
  return r;
}

/** Pinching out, however far, stops at the whole map. */
async function pinchStopsAtWhole(page, cell, where) {
  await page.getByRole("button", { name: "Show the whole map" }).tap();
  const [, , whole] = await viewBox(page);
  await page.getByRole("button", { name: "Zoom in" }).tap();
  await pinch(page, cell, 0.2);
  await pinch(page, cell, 0.2);
  const [, , w] = await viewBox(page);
  assert(w <= whole + 0.5, `${where}: pinching out shows more than the whole map (${w} > ${whole})`);
}

export function phoneTests(test) {
  test("phone: Battle for Moscow frames the action, and the battle, its odds and the map are on screen together", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "quickstart",
      seats: { german: { name: "Hans" }, soviet: { bot: true } },
      creator: "german",
      seed: "hexpost-e2e-phone-moscow",
    });
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".hexmap-svg .board");
    await page.waitForSelector(".sheet .card.act");
    await page.waitForTimeout(300);
    await phoneLayout(page, "movement");
    await shot(page, "40-phone-moscow-movement");
    await pinchStopsAtWhole(page, "1103", "movement");
    // to combat: a battle declared by touch; its odds and the button that adds it show with the map
    await page.getByRole("button", { name: "Show the whole map" }).tap();
    await endPhase(page);
    await page.waitForSelector(".declare .tray .chip");
    await page.waitForTimeout(300);
    await phoneLayout(page, "combat");
    await page.locator(".declare .tray").first().getByRole("button").first().tap();
    const attackers = page.locator(".declare .tray").nth(1).getByRole("button");
    await attackers.first().tap();
    await page.waitForSelector(".odds .final");
    // no scrolling: the odds in the sheet, the button that adds the battle in the turn controls
    await phoneLayout(page, "a battle", [".odds"]);
    assert(/^Add battle/.test(await page.locator(".actionbar button.primary").innerText()), "the turn controls do not add the battle");
    await shot(page, "41-phone-moscow-battle");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("phone: the Soviet setup's units to place show above the controls, with the lit hexes in view", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "moscow",
      scenario: "standard",
      seats: { german: { name: "Hans", email: "hans.phone@example.com" }, soviet: { name: "Boris" } },
      creator: "soviet",
      seed: "hexpost-e2e-phone-setup",
    });
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".sheet .setup .tray .chip");
    await page.waitForTimeout(300);
    await phoneLayout(page, "setup", [".setup .tray .chip"]);
    await shot(page, "43-phone-moscow-setup");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("phone: DiceWars frames your cells, large enough to tap, with the decision on screen", async ({ base, browser }) => {
    const g = await api(base, "POST", "/api/games", {
      ruleset: "dicewars",
      scenario: "20x20",
      options: { players: 2 },
      seats: { p1: { name: "Dora" }, p2: { bot: true } },
      creator: "p1",
      seed: "hexpost-e2e-phone-dicewars",
    });
    const page = await newPage(browser, PHONE);
    await page.goto(`${base}/g/${g.id}#t=${g.you.token}`);
    await page.waitForSelector(".dicewars .hexmap-svg .board");
    // the move is in front at once: the replay waits to be asked
    await page.waitForSelector(".sheet .card.act");
    assert((await page.locator(".replay.on").count()) === 0, "the replay started by itself over the move");
    await page.waitForTimeout(300);
    await phoneLayout(page, "dicewars");
    await shot(page, "42-phone-dicewars");
    await pinchStopsAtWhole(page, "1010", "dicewars");
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });
}
