/**
 * The game menu's "Open on another device": a closed fold until asked, so the panel and its QR
 * encoder are not part of the game page's first download.
 */
import { useState } from "preact/hooks";
import { useLazy } from "./useLazy";

export function OtherDeviceEntry({ gameId, token }: { gameId: string; token: string }) {
  const [open, setOpen] = useState(false);
  const part = useLazy(() => import("./OtherDevice"), open);
  const Panel = part?.default;
  return (
    <details class="other-device-entry" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Open on another device</summary>
      {Panel ? <Panel gameId={gameId} token={token} /> : open && <p class="muted small">Loading…</p>}
    </details>
  );
}
