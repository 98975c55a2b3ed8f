// Web Push on the page's side: web/public/sw.js registered from the root, a push delivered to
// it through Chromium's DevTools protocol (headless Chromium cannot subscribe to a real push
// service offline, so ServiceWorker.deliverPushMessage stands in for one), and the notification
// it asks the browser to show. The test records the worker's showNotification calls instead of
// reading registration.getNotifications(): headless Chromium sometimes lists nothing even after
// showNotification resolved (seen in about one run in ten), so the list is the browser's
// flakiness, not the worker's behaviour.
import { assert, newPage } from "./lib.mjs";

/** Registers /sw.js from the home page and returns the page, its CDP session, the registration id and the worker. */
async function registeredWorker(base, browser) {
  const page = await newPage(browser);
  await page.context().grantPermissions(["notifications"], { origin: base });
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
    for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  const started = page.context().waitForEvent("serviceworker");
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
  const worker = page.context().serviceWorkers()[0] ?? (await started);
  await worker.evaluate(() => {
    const shown = [];
    const show = self.registration.showNotification.bind(self.registration);
    self.registration.showNotification = (title, options) => {
      const call = { title, body: options?.body, tag: options?.tag, renotify: options?.renotify, data: options?.data, outcome: "pending" };
      shown.push(call);
      return show(title, options).then(
        () => void (call.outcome = "shown"),
        (e) => void (call.outcome = `refused: ${e}`),
      );
    };
    self.__shown = shown;
  });
  return { page, cdp, registrationId, worker };
}

/** Delivers one push and returns what the worker asked the browser to show for it (undefined after 10 s of nothing). */
async function push(cdp, worker, at, data) {
  const before = await worker.evaluate(() => self.__shown.length);
  await cdp.send("ServiceWorker.deliverPushMessage", { ...at, data });
  for (let i = 0; i < 200; i++) {
    const calls = await worker.evaluate(() => self.__shown);
    if (calls.length > before && calls.every((c) => c.outcome !== "pending")) {
      assert(calls.length === before + 1, `${calls.length - before} notifications for one push`);
      return calls[before];
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
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
    const { page, cdp, registrationId, worker } = await registeredWorker(base, browser);
    const notice = { title: "Battle for Moscow #x7k2: your move", body: "Olga moved 3 units; your move (Germany)", url: `${base}/g/x7k2#t=seat-token`, gameId: "x7k2", kind: "your_turn" };
    const at = { origin: base, registrationId };
    const shown = await push(cdp, worker, at, JSON.stringify(notice));
    assert(shown, "no notification was asked for");
    assert(shown.outcome === "shown", `the browser ${shown.outcome}`);
    assert(shown.title === notice.title, `title: ${shown.title}`);
    assert(shown.body === notice.body, `body: ${shown.body}`);
    assert(shown.data?.url === notice.url, `url: ${JSON.stringify(shown.data)}`);
    // one notification per game: the game's id is the tag, so a newer notice replaces the older and still rings
    assert(shown.tag === notice.gameId && shown.renotify === true, `tag: ${shown.tag}, renotify: ${shown.renotify}`);

    const other = await push(cdp, worker, at, JSON.stringify({ ...notice, gameId: "y9q1", title: "Musket #y9q1: your move" }));
    assert(other?.tag === "y9q1" && other.title === "Musket #y9q1: your move", `another game's notice: ${JSON.stringify(other)}`);
    assert(page.problems.length === 0, page.problems.join("\n"));
    await page.context().close();
  });

  test("push: a payload that is not our JSON still shows a plain notification", async ({ base, browser }) => {
    const { page, cdp, registrationId, worker } = await registeredWorker(base, browser);
    const shown = await push(cdp, worker, { origin: base, registrationId }, "the server said hello");
    assert(shown?.title === "hexpost" && shown.body === "the server said hello", `shown: ${JSON.stringify(shown)}`);
    assert(shown.outcome === "shown" && !shown.tag, `outcome ${shown.outcome}, tag ${shown.tag}`);
    assert(shown.data?.url === "/", `url: ${JSON.stringify(shown.data)}`);
    await page.context().close();
  });
}
