import type { ComponentChildren } from "preact";

export interface HudItem {
  label: string;
  value: ComponentChildren;
  cls?: string;
  title?: string;
}

/** A compact status strip: label over value, wrapping on small screens. */
export function Hud({ items }: { items: HudItem[] }) {
  return (
    <dl class="hud" aria-label="Game status">
      {items.map((it) => (
        <div key={it.label} class={`hud-item ${it.cls ?? ""}`} title={it.title}>
          <dt>{it.label}</dt>
          <dd>{it.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function deadlineText(deadline: number | null, now = Date.now()): string {
  if (deadline === null) return "no time limit";
  const ms = deadline - now;
  const at = new Date(deadline).toLocaleString(undefined, { weekday: "short", hour: "2-digit", minute: "2-digit" });
  if (ms <= 0) return `passed (${at})`;
  const h = Math.floor(ms / 3_600_000);
  if (h >= 48) return `in ${Math.floor(h / 24)} days (${at})`;
  if (h >= 1) return `in ${h} h (${at})`;
  return `in ${Math.max(1, Math.floor(ms / 60_000))} min (${at})`;
}
