/**
 * What this device subscribed with, per game. The server shows a channel's host only, so the
 * device's own endpoint is kept here to know which channel is this device's.
 */
import { pushSupported } from "../../push";

export interface DeviceMark {
  endpoint: string;
  channelId: string;
}
const MARK = "hexpost.push.";

export function readMark(gameId: string): DeviceMark | null {
  try {
    const v = JSON.parse(localStorage.getItem(MARK + gameId) ?? "null") as Partial<DeviceMark> | null;
    return typeof v?.endpoint === "string" && typeof v.channelId === "string" ? { endpoint: v.endpoint, channelId: v.channelId } : null;
  } catch {
    return null;
  }
}

export function writeMark(gameId: string, mark: DeviceMark | null): void {
  try {
    if (mark) localStorage.setItem(MARK + gameId, JSON.stringify(mark));
    else localStorage.removeItem(MARK + gameId);
  } catch {
    /* private mode: the device is not recognised next time, nothing worse */
  }
}

/** One browser subscription serves every game on this device: another game may still use it. */
export function usedByAnotherGame(gameId: string, endpoint: string): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(MARK) && key !== MARK + gameId && readMark(key.slice(MARK.length))?.endpoint === endpoint) return true;
    }
  } catch {
    /* unreadable: treat as unused */
  }
  return false;
}

export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
  } catch {
    return null;
  }
}
