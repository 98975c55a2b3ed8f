/**
 * This device's Web Push subscription (the page's half; web/public/sw.js shows what arrives).
 * Nothing here runs on load: subscribeThisDevice asks for permission, so call it from a tap.
 */

export type PushResult<T> = ({ ok: true } & T) | { ok: false; reason: string };

/** Can this browser, on this page, receive push at all (service workers, PushManager, a secure context)? */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/**
 * Asks for permission, registers /sw.js and subscribes with the server's VAPID key. Returns
 * `subscription.toJSON()` ({endpoint, keys: {p256dh, auth}}) for the server to keep. A
 * subscription made earlier with the same key is reused; one with another key is replaced.
 */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushResult<{ subscription: PushSubscriptionJSON }>> {
  if (!pushSupported()) return { ok: false, reason: unsupportedReason() };
  const key = base64UrlBytes(vapidPublicKey);
  if (!key || key.length !== 65) return { ok: false, reason: "The server's push key is not valid." };
  try {
    const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (permission !== "granted") {
      return { ok: false, reason: permission === "denied" ? "Notifications are blocked for this site: allow them in the browser's site settings." : "Notifications were not allowed." };
    }
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    if (existing) {
      const same = existing.options.applicationServerKey && sameBytes(new Uint8Array(existing.options.applicationServerKey), key);
      if (same) return { ok: true, subscription: existing.toJSON() };
      await existing.unsubscribe();
    }
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    return { ok: true, subscription: subscription.toJSON() };
  } catch (e) {
    return { ok: false, reason: `This device could not subscribe: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * Drops this device's subscription. `endpoint` is the one dropped (null when there was none),
 * for the server to forget as well.
 */
export async function unsubscribeThisDevice(): Promise<PushResult<{ endpoint: string | null }>> {
  if (!pushSupported()) return { ok: true, endpoint: null };
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return { ok: true, endpoint: null };
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe();
    return { ok: true, endpoint };
  } catch (e) {
    return { ok: false, reason: `Could not unsubscribe this device: ${e instanceof Error ? e.message : String(e)}` };
  }
}

function unsupportedReason(): string {
  if (typeof window !== "undefined" && !window.isSecureContext) return "Push needs the site over https.";
  // iOS and iPadOS offer push only to a site added to the home screen
  if (typeof navigator !== "undefined" && /iPhone|iPad/.test(navigator.userAgent)) return "On an iPhone or iPad, add hexpost to the home screen first, then turn notifications on from there.";
  return "This browser cannot receive push notifications.";
}

function base64UrlBytes(s: string): Uint8Array<ArrayBuffer> | null {
  try {
    const b64 = s.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
    return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
