/** The new-game form's time for each move. */
const TIME_CONTROLS: { value: number | null; label: string }[] = [
  { value: 24, label: "1 day per move" },
  { value: 48, label: "2 days per move" },
  { value: 72, label: "3 days per move" },
  { value: 168, label: "1 week per move" },
  { value: null, label: "no time limit" },
];

export function TimeControlFieldset({ hours, setHours }: { hours: string; setHours: (hours: string) => void }) {
  return (
    <fieldset>
      <legend>Time control</legend>
      <label class="field">
        <span>Time for each move</span>
        <select name="hoursPerTurn" value={hours} onChange={(e) => setHours((e.target as HTMLSelectElement).value)}>
          {TIME_CONTROLS.map((t) => (
            <option key={String(t.value)} value={t.value === null ? "none" : String(t.value)}>
              {t.label}
            </option>
          ))}
        </select>
        <small>When a player's time runs out they get a reminder; after that the opponent may claim the game.</small>
      </label>
    </fieldset>
  );
}
