/** A seat's notice settings as the server keeps them, and the panel's requests to change them. */
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, plainMessage, type ChannelsAnswer } from "../../api";
import { subscribeThisDevice, unsubscribeThisDevice } from "../../push";
import { currentEndpoint, readMark, usedByAnotherGame, writeMark, type DeviceMark } from "./deviceMark";

export function useNotifySettings(gameId: string, token: string) {
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

  return { data, loadError, device, deviceMsg, holdMsg, busy, load, subscribe, stop, setHold };
}
