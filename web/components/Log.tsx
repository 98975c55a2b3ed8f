import type { LogEntry } from "../api";

import { dateText } from "./Hud";

export const when = (at: number): string => dateText(at);

/** The full log, newest last, one block per submitted batch. */
export function Log({ entries, seatName, describe }: { entries: LogEntry[] | null; seatName: (s: string) => string; describe?: (e: LogEntry) => string[] }) {
  if (!entries) return <p class="muted">Loading the log…</p>;
  if (entries.length === 0) return <p class="muted">Nothing has happened yet.</p>;
  return (
    <ol class="log">
      {entries.map((e) => {
        const lines = describe ? describe(e) : (e.lines ?? e.events.map((x) => x.kind));
        return (
          <li key={e.seq} class="log-entry">
            <div class="log-head">
              <span class="log-seq">#{e.seq}</span> <strong>{seatName(e.seat)}</strong>
              {e.bot && !/computer/.test(seatName(e.seat)) ? " (computer)" : ""} <time dateTime={new Date(e.at).toISOString()}>{when(e.at)}</time>
            </div>
            <ul>
              {lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
