/** The new-game form's seat of its maker: which seat (or none, to watch), their name and email. */
import { WATCH } from "./newGameRequest";
import type { NewGameForm } from "./useNewGameForm";

export function YouFieldset({ form }: { form: NewGameForm }) {
  const { mySeat, setMySeat, seatList, seatTitle, watching, watcherEmail, setWatcherEmail, seats, setSeat } = form;
  return (
    <fieldset>
      <legend>You</legend>
      <label class="field">
        <span>You play</span>
        <select name="creator" value={mySeat} onChange={(e) => setMySeat((e.target as HTMLSelectElement).value)}>
          {seatList.map((s) => (
            <option key={s} value={s}>
              {seatTitle(s)}
            </option>
          ))}
          <option value={WATCH}>nobody: the computer plays every seat, I watch</option>
        </select>
      </label>
      {watching ? (
        <label class="field">
          <span>Your email (optional)</span>
          <input name="watch-email" type="email" autoComplete="email" value={watcherEmail} onInput={(e) => setWatcherEmail((e.target as HTMLInputElement).value)} />
          <small>Two mails: the game's link when it starts, and its result. Leave it empty and just keep the page open.</small>
        </label>
      ) : (
        <>
          <label class="field">
            <span>Your name</span>
            <input name="my-name" autoComplete="name" maxLength={40} value={seats[mySeat]?.name ?? ""} onInput={(e) => setSeat(mySeat, { name: (e.target as HTMLInputElement).value })} />
          </label>
          <label class="field">
            <span>Your email</span>
            <input
              name="my-email"
              type="email"
              autoComplete="email"
              value={seats[mySeat]?.email ?? ""}
              onInput={(e) => setSeat(mySeat, { email: (e.target as HTMLInputElement).value })}
            />
            <small>Your own link comes here, so you can come back from any device, and a mail whenever it is your move. Without it you must save the link yourself.</small>
          </label>
        </>
      )}
    </fieldset>
  );
}
