/** The new-game form's other seat: a person invited by email, or the computer. */
import type { BotLevel, SeatForm } from "./newGameRequest";

export function OpponentFieldset({ seat, title, form, setSeat }: { seat: string; title: string; form: SeatForm; setSeat: (seat: string, change: Partial<SeatForm>) => void }) {
  return (
    <fieldset>
      <legend>Opponent: {title}</legend>
      <label class="choice inline">
        <input type="radio" name={`${seat}-who`} checked={!form.bot} onChange={() => setSeat(seat, { bot: false })} /> <span>a person, by email</span>
      </label>
      <label class="choice inline">
        <input type="radio" name={`${seat}-who`} checked={form.bot} onChange={() => setSeat(seat, { bot: true })} /> <span>the computer</span>
      </label>
      {form.bot && (
        <label class="field">
          <span>The computer's strength</span>
          <select name={`${seat}-level`} value={form.level} onChange={(e) => setSeat(seat, { level: (e.target as HTMLSelectElement).value as BotLevel })}>
            <option value="standard">standard</option>
            <option value="strong">strong</option>
          </select>
          <small>Strong plays a few moves out before it chooses one: harder to beat, a little slower to answer.</small>
        </label>
      )}
      {!form.bot && (
        <>
          <label class="field">
            <span>Their name</span>
            <input name={`${seat}-name`} maxLength={40} value={form.name} onInput={(e) => setSeat(seat, { name: (e.target as HTMLInputElement).value })} />
          </label>
          <label class="field">
            <span>Their email</span>
            <input name={`${seat}-email`} type="email" required value={form.email} onInput={(e) => setSeat(seat, { email: (e.target as HTMLInputElement).value })} />
            <small>They get an invitation with their own link.</small>
          </label>
        </>
      )}
    </fieldset>
  );
}
