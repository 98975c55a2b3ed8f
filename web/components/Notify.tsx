/**
 * A seat's notices besides mail: push on this device, webhooks (NotifyChannels), and how long a
 * turn's mail waits for the player to look. The server checks and keeps everything; the panel asks.
 */
import { pushSupported } from "../push";
import { MailHold } from "./notify/MailHold";
import { useNotifySettings } from "./notify/useNotifySettings";
import { NotifyChannels } from "./NotifyChannels";

export function Notify({ gameId, token, onClose }: { gameId: string; token: string; onClose?: () => void }) {
  const { data, loadError, device, deviceMsg, holdMsg, busy, load, subscribe, stop, setHold } = useNotifySettings(gameId, token);
  const key = data?.vapidPublicKey ?? null;
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
      {data && <MailHold minutes={data.holdMinutes} onChange={(m) => void setHold(m)} />}
      {holdMsg && (
        <p class="muted" role="status">
          {holdMsg}
        </p>
      )}
    </section>
  );
}
