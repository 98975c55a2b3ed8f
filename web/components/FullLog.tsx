/** The whole log in a closed card: drawn only once opened (a long game's log is long). */
import { useState } from "preact/hooks";
import type { LogEntry } from "../api";
import { Log } from "./Log";

export function FullLog(p: { log: LogEntry[] | null; seatName: (s: string) => string }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="card fulllog" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Full log{p.log ? ` (${p.log.length})` : ""}</summary>
      {open && <Log entries={p.log} seatName={p.seatName} />}
    </details>
  );
}
