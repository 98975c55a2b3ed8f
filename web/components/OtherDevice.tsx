/**
 * "Open on another device": the seat's own link, to copy or to scan. The address bar never
 * shows it (takeToken removes it as the page opens, so a screenshot or a shared address gives
 * away a spectator view, not the seat): this panel is where a player takes the seat elsewhere.
 * Loaded only when opened, QR encoder included.
 */
import { useMemo, useState } from "preact/hooks";
import { generate } from "lean-qr/nano";
import { addressProofOf } from "../api";

/** The seat's link as the mail gives it: `#t=` the seat token, `&a=` the address proof when this browser holds one. */
export function seatLinkOf(gameId: string, token: string): string {
  const hash = new URLSearchParams({ t: token });
  const proof = addressProofOf(gameId);
  if (proof) hash.set("a", proof);
  return `${location.origin}/g/${encodeURIComponent(gameId)}#${hash.toString()}`;
}

/** A scanner needs a light margin of 4 modules around the code. */
const QUIET = 4;

/** One path of unit squares, one per dark module, in module units. */
function qrPath(text: string): { size: number; d: string } {
  const code = generate(text);
  let d = "";
  for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++) if (code.get(x, y)) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
  return { size: code.size + 2 * QUIET, d };
}

export default function OtherDevice({ gameId, token }: { gameId: string; token: string }) {
  const link = seatLinkOf(gameId, token);
  const qr = useMemo(() => qrPath(link), [link]);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = () =>
    (navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject(new Error("no clipboard")))
      .then(() => setCopied("Copied. Open it on the other device: it will be your seat there too."))
      .catch(() => setCopied("This browser would not copy it: select the link above and copy it by hand."));
  return (
    <div class="other-device">
      <p class="small">
        This link is your seat: whoever opens it plays your side, so send it only to yourself. The address bar does not show it; a copy of the
        address bar opens a spectator view.
      </p>
      <label class="field">
        <span>Your seat's link</span>
        <input readOnly name="seat-link" value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
      </label>
      <div class="buttons">
        <button type="button" onClick={copy}>
          Copy the link
        </button>
      </div>
      {copied && (
        <p class="muted small" role="status">
          {copied}
        </p>
      )}
      <p class="small">Or scan it with the other device's camera:</p>
      <svg
        class="seat-qr"
        role="img"
        aria-label="QR code of your seat's link"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width="220"
        height="220"
        shape-rendering="crispEdges"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
    </div>
  );
}
