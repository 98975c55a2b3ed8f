// Web Push on the page's side: web/public/sw.js registered from the root, a push delivered to
// it through Chromium's DevTools protocol (headless Chromium cannot subscribe to a real push
// service offline, so ServiceWorker.deliverPushMessage stands in for one), and the notification
// it shows.
import { assert, newPage } from "./lib.mjs";

/** Registers /sw.js from the home page and returns the page, its CDP session and the registration id. */
async function registeredWorker(base, browser) {
  const page = await newPage(browser);
  await page.context().grantPermissions(["notifications"], { origin: base });
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
    for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  await page.goto(`${base}/`, { waitUntil: "domcontentloaded" });
  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js");
    const ready = await navigator.serviceWorker.ready;
    return ready.scope;
  });
  assert(scope === `${base}/`, `the worker's scope is ${scope}, not the whole site`);
  for (let i = 0; i < 100 && !registrations.has(scope); i++) await new Promise((r) => setTimeout(r, 50));
  const registrationId = registrations.get(scope);
  assert(registrationId, `no ServiceWorker.workerRegistrationUpdated for ${scope}`);
  return { page, cdp, registrationId };
}

/** The notifications the worker shows, once there are `count` of them. */
async function notifications(page, count) {
  return page.evaluate(async (want) => {
    const reg = await navigator.serviceWorker.ready;
    for (let i = 0; i < 100; i++) {
      const list = await reg.getNotifications();
      if (list.length >= want) return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
      await new Promise((r) => setTimeout(r, 50));
    }
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
  }, count);
}

export function pushTests(test) {
  test("push: /sw.js is served from the root under the page's CSP", async ({ base }) => {
    const r = await fetch(`${base}/sw.js`);
    assert(r.status === 200, `/sw.js answered ${r.status}`);
    assert(/javascript/.test(r.headers.get("content-type") ?? ""), `/sw.js is ${r.headers.get("content-type")}`);
    const text = await r.text();
    assert(text.includes('addEventListener("push"'), "/sw.js is not the service worker (the SPA fallback?)");
    const csp = r.headers.get("content-security-policy") ?? "";
    assert(/script-src 'self'/.test(csp), `the CSP does not let the page load its own worker: ${csp}`);
  });

  test("push: a pushed notice shows a notification with its title, body, game tag and link", async ({ base, browser }) => {
    const { page, cdp, registrationId } = await registeredWorker(base, browser);
    const notice = { title: "Battle for Moscow #x7k2: your move", body: "Olga moved 3 units; your move (Germany)", url: `${base}/g/x7k2#t=seat-token`, gameId: "x7k2", kind: "your_turn" };
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: base, registrationId, data: JSON.stringify(notice) });
    const [shown, ...others] = await notifications(page, 1);
    assert(shown, "no notification was shown");
    assert(others.length === 0, `${others.length + 1} notifications for one push`);
    assert(shown.title === notice.title, `title: ${shown.title}`);
    assert(shown.body === notice.body, `body: ${shown.body}`);
    assert(shown.tag === notice.gameId, `tag: ${shown.tag}`);
    assert(shown.data?.url === notice.url, `url: ${JSON.stringify(shown.data)}`);

    // a newer notice of the same game replaces the older one; another game's stands beside it
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: base, registrationId, data: JSON.stringify({ ...notice, title: "Battle for Moscow #x7k2: reminder" }) });
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: base, registrationId, data: JSON.stringify({ ...notice, gameId: "y9q1", title: "Musket #y9q1: your move" }) });
    const after = await notifications(page, 2);
    const titles = after.map((n) => n.title).sort();
    assert(JSON.stringify(titles) === JSON.stringify(["Battle for Moscow #x7k2: reminder", "Musket #y9q1: your move"]), `shown: ${JSON.stringify(titles)}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("push: a payload that is not our JSON still shows a plain notification", async ({ base, browser }) => {
    const { page, cdp, registrationId } = await registeredWorker(base, browser);
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: base, registrationId, data: "the server said hello" });
    const [shown] = await notifications(page, 1);
    assert(shown?.title === "hexpost" && shown.body === "the server said hello", `shown: ${JSON.stringify(shown)}`);
    assert(shown.data?.url === "/", `url: ${JSON.stringify(shown.data)}`);
    await page.context().close();
  });
}
