/**
 * The game menu's way to the notification settings (push on this device, webhooks, how long
 * mail waits): the panel is loaded only when opened, and a switched-off channel is said here.
 */
import { useState } from "preact/hooks";
import type { ComponentType } from "preact";
import type { GameView } from "../api";

type NotifyPanel = ComponentType<{ gameId: string; token: string; onClose?: () => void }>;

export function NotifyEntry({ game, token }: { game: GameView; token: string }) {
  const [Panel, setPanel] = useState<NotifyPanel | null>(null);
  const [failed, setFailed] = useState(false);
  const off = (game.you?.channels ?? []).filter((c) => c.disabled);
  const open = () =>
    import("./Notify")
      .then((m) => setPanel(() => m.Notify))
      .catch(() => setFailed(true));
  return (
    <div class="notify-entry">
      {off.length > 0 && (
        <p class="warn" role="alert">
          {off.length === 1 ? `Your ${off[0]!.kind} notifications to ${off[0]!.target} were` : `${off.length} of your notification channels were`} switched off after
          failing again and again; your mail goes as before. Open Notifications to add it again or remove it.
        </p>
      )}
      {Panel ? (
        <Panel gameId={game.id} token={token} onClose={() => setPanel(null)} />
      ) : (
        <button type="button" class="notify-open" onClick={open}>
          Notifications: this device, webhooks, mail
        </button>
      )}
      {failed && <p class="muted">The settings could not be loaded. Check your connection.</p>}
    </div>
  );
}
