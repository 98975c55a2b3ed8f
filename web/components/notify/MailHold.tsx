/** How long a turn's mail waits for the player to look before it is sent. */
const HOLDS: [number, string][] = [
  [0, "Not at all: send at once"],
  [5, "5 minutes"],
  [15, "15 minutes"],
  [60, "1 hour"],
  [240, "4 hours"],
  [1440, "24 hours"],
];

export function MailHold({ minutes, onChange }: { minutes: number; onChange: (minutes: number) => void }) {
  // a hold set elsewhere (the API) to a value the list lacks is shown as it is
  const holds = !HOLDS.some(([m]) => m === minutes) ? [...HOLDS, [minutes, `${minutes} minutes`] as [number, string]] : HOLDS;
  return (
    <label class="field notify-hold">
      <span>Mail waits for me</span>
      <select value={minutes} onChange={(e) => onChange(Number((e.target as HTMLSelectElement).value))}>
        {holds.map(([m, label]) => (
          <option key={m} value={m}>
            {label}
          </option>
        ))}
      </select>
      <small>A turn's mail waits this long; if you open the game meanwhile it is not sent. Push and webhooks go at once.</small>
    </label>
  );
}
