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

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** "Wed 21 Nov 14:05" in the reader's time zone (plain code: Intl's first use costs a phone ~20 ms). */
export function dateText(at: number, withDate = true): string {
  const d = new Date(at);
  return `${DAYS[d.getDay()]}${withDate ? ` ${d.getDate()} ${MONTHS[d.getMonth()]}` : ""} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

export function deadlineText(deadline: number | null, now = Date.now()): string {
  if (deadline === null) return "no time limit";
  const ms = deadline - now;
  const at = dateText(deadline, ms > 6 * 24 * 3_600_000);
  if (ms <= 0) return `passed (${at})`;
  const h = Math.floor(ms / 3_600_000);
  if (h >= 48) return `in ${Math.floor(h / 24)} days (${at})`;
  if (h >= 1) return `in ${h} h (${at})`;
  return `in ${Math.max(1, Math.floor(ms / 60_000))} min (${at})`;
}

/** The items every ruleset's strip ends with: who is to move, and until when. */
export function turnHud(game: { status: string; deadline: number | null }, myTurn: boolean, waitingFor: string): HudItem[] {
  const over = game.status === "finished";
  return [
    { label: "To move", value: over ? "game over" : myTurn ? "You" : waitingFor || "—", cls: myTurn ? "you" : "" },
    { label: "Deadline", value: over ? "—" : deadlineText(game.deadline) },
  ];
}
