// hexpost's service worker: shows the notices pushed to this device (worker/notify/push.ts
// sends {title, body, url, gameId, kind}) and opens the game when one is tapped.
// Plain script, served as is from the root so that its scope is the whole site.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const notice = readNotice(event.data);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      data: { url: notice.url },
      // one notification per game: a newer notice replaces the older one, and still rings
      tag: notice.gameId || undefined,
      renotify: Boolean(notice.gameId),
    }),
  );
});

/** The pushed notice, or a plain one when the payload is missing or not our JSON. */
function readNotice(data) {
  const fallback = { title: "hexpost", body: "Something happened in one of your games.", url: "/", gameId: "" };
  if (!data) return fallback;
  let value = null;
  try {
    value = data.json();
  } catch {
    const text = data.text().trim();
    return text ? { ...fallback, body: text.slice(0, 500) } : fallback;
  }
  if (!value || typeof value !== "object") return fallback;
  const str = (v, d) => (typeof v === "string" && v.trim() ? v : d);
  return { title: str(value.title, fallback.title), body: str(value.body, ""), url: str(value.url, fallback.url), gameId: str(value.gameId, "") };
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openGame(event.notification.data && event.notification.data.url));
});

/**
 * Focuses a tab already showing the game and sends it to the link (whose #t= carries the seat),
 * or opens a new one.
 */
async function openGame(link) {
  let url;
  try {
    url = new URL(link || "/", self.location.origin);
  } catch {
    url = new URL("/", self.location.origin);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") url = new URL("/", self.location.origin);
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = tabs.find((c) => {
    const at = new URL(c.url);
    return at.origin === url.origin && at.pathname === url.pathname;
  });
  if (!tab) return self.clients.openWindow(url.href);
  await tab.focus();
  // navigate() works only on a tab this worker controls; focused is enough otherwise
  if (tab.url !== url.href) await tab.navigate(url.href).catch(() => undefined);
  return tab;
}
