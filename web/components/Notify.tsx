/**
 * A seat's notices besides mail: push on this device, webhooks (NotifyChannels), and how long a
 * turn's mail waits for the player to look. The server checks and keeps everything; the panel asks.
 */
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, plainMessage, type ChannelsAnswer } from "../api";
import { pushSupported, subscribeThisDevice, unsubscribeThisDevice } from "../push";
import { NotifyChannels } from "./NotifyChannels";

const HOLDS: [number, string][] = [
  [0, "Not at all: send at once"],
  [5, "5 minutes"],
  [15, "15 minutes"],
  [60, "1 hour"],
  [240, "4 hours"],
  [1440, "24 hours"],
];

/**
 * What this device subscribed with, per game. The server shows a channel's host only, so the
 * device's own endpoint is kept here to know which channel is this device's.
 */
interface DeviceMark {
  endpoint: string;
  channelId: string;
}
const MARK = "hexpost.push.";

function readMark(gameId: string): DeviceMark | null {
  try {
    const v = JSON.parse(localStorage.getItem(MARK + gameId) ?? "null") as Partial<DeviceMark> | null;
    return typeof v?.endpoint === "string" && typeof v.channelId === "string" ? { endpoint: v.endpoint, channelId: v.channelId } : null;
  } catch {
    return null;
  }
}

function writeMark(gameId: string, mark: DeviceMark | null): void {
  try {
    if (mark) localStorage.setItem(MARK + gameId, JSON.stringify(mark));
    else localStorage.removeItem(MARK + gameId);
  } catch {
    /* private mode: the device is not recognised next time, nothing worse */
  }
}

/** One browser subscription serves every game on this device: another game may still use it. */
function usedByAnotherGame(gameId: string, endpoint: string): boolean {
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

async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
  } catch {
    return null;
  }
}

export function Notify({ gameId, token, onClose }: { gameId: string; token: string; onClose?: () => void }) {
  const [data, setData] = useState<ChannelsAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [device, setDevice] = useState<DeviceMark | null>(null);
  const [deviceMsg, setDeviceMsg] = useState<string | null>(null);
  const [holdMsg, setHoldMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    try {
      const answer = await api.channels(gameId, token);
      const mark = readMark(gameId);
      const mine = mark && mark.endpoint === (await currentEndpoint()) && answer.channels.some((c) => c.id === mark.channelId) ? mark : null;
      if (!mine) writeMark(gameId, null);
      setDevice(mine);
      setData(answer);
      setLoadError(null);
    } catch (e) {
      setLoadError(plainMessage(e));
    }
  };
  useEffect(() => {
    void load();
  }, [gameId, token]);

  const subscribe = async (key: string) => {
    setBusy(true);
    setDeviceMsg(null);
    const r = await subscribeThisDevice(key);
    if (!r.ok) setDeviceMsg(r.reason);
    else {
      try {
        const { channel } = await api.addChannel(gameId, token, { kind: "push", subscription: r.subscription });
        if (r.subscription.endpoint) writeMark(gameId, { endpoint: r.subscription.endpoint, channelId: channel.id });
        await load();
      } catch (e) {
        setDeviceMsg(e instanceof ApiError && e.status === 400 ? e.message : plainMessage(e));
      }
    }
    setBusy(false);
  };

  const stop = async (mark: DeviceMark) => {
    setBusy(true);
    setDeviceMsg(null);
    try {
      await api.removeChannel(gameId, token, mark.channelId);
    } catch (e) {
      // already removed (from the list, or on another device) is what Stop wants anyway
      if (!(e instanceof ApiError && e.status === 404)) {
        setDeviceMsg(plainMessage(e));
        setBusy(false);
        return;
      }
    }
    writeMark(gameId, null);
    if (!usedByAnotherGame(gameId, mark.endpoint)) {
      const r = await unsubscribeThisDevice();
      if (!r.ok) setDeviceMsg(r.reason);
    }
    await load();
    setBusy(false);
  };

  const setHold = async (minutes: number) => {
    setHoldMsg(null);
    try {
      const saved = await api.holdMinutes(gameId, token, minutes);
      setData((d) => d && { ...d, holdMinutes: saved.holdMinutes });
      setHoldMsg("Saved.");
    } catch (e) {
      setHoldMsg(plainMessage(e));
    }
  };

  const key = data?.vapidPublicKey ?? null;
  const holds = data && !HOLDS.some(([m]) => m === data.holdMinutes) ? [...HOLDS, [data.holdMinutes, `${data.holdMinutes} minutes`] as [number, string]] : HOLDS;
  return (
    <section class="notify" aria-label="Notifications">
      <div class="notify-head">
        <h3>Notifications</h3>
        {onClose && (
          <button type="button" onClick={onClose}>
            Close
          </button>
        )}
      </div>
      {loadError && (
        <p class="error" role="alert">
          {loadError}{" "}
          <button type="button" onClick={() => void load()}>
            Try again
          </button>
        </p>
      )}
      {data && key && pushSupported() && (
        <div class="notify-device">
          {device ? (
            <p class="notify-row">
              <span>This device gets notices.</span>
              <button type="button" disabled={busy} onClick={() => void stop(device)}>
                Stop
              </button>
            </p>
          ) : (
            <button type="button" class="primary" disabled={busy} onClick={() => void subscribe(key)}>
              Notify me on this device
            </button>
          )}
          {deviceMsg && <p role="status">{deviceMsg}</p>}
        </div>
      )}
      {data && <NotifyChannels gameId={gameId} token={token} answer={data} deviceChannel={device?.channelId ?? null} onChange={load} />}
      {data && (
        <label class="field notify-hold">
          <span>Mail waits for me</span>
          <select value={data.holdMinutes} onChange={(e) => void setHold(Number((e.target as HTMLSelectElement).value))}>
            {holds.map(([m, label]) => (
              <option key={m} value={m}>
                {label}
              </option>
            ))}
          </select>
          <small>A turn's mail waits this long; if you open the game meanwhile it is not sent. Push and webhooks go at once.</small>
        </label>
      )}
      {holdMsg && (
        <p class="muted" role="status">
          {holdMsg}
        </p>
      )}
    </section>
  );
}
