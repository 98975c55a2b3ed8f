/** The home page's new-game form: the game, the time control, the seats, and Start. */
import { GameFieldsets } from "./GameFieldsets";
import { EMPTY_SEAT } from "./newGameRequest";
import { OpponentFieldset } from "./OpponentFieldset";
import { TimeControlFieldset } from "./TimeControlFieldset";
import type { NewGameForm as Form } from "./useNewGameForm";
import { YouFieldset } from "./YouFieldset";

export function NewGameForm({ form }: { form: Form }) {
  const { rulesets, loadError, rs, seatList, mySeat, watching, seats, setSeat, seatTitle, error, busy } = form;
  return (
    <form class="card newgame" onSubmit={form.submit} aria-labelledby="newgame-title" hidden={!!form.saveLink}>
      <h2 id="newgame-title">New game</h2>
      {loadError && (
        <p class="error" role="alert">
          {loadError}
        </p>
      )}
      {!rulesets && !loadError && <p class="muted">Loading the games…</p>}
      {rulesets && (
        <>
          <GameFieldsets form={form} />
          <TimeControlFieldset hours={form.hours} setHours={form.setHours} />
          <YouFieldset form={form} />
          {seatList
            .filter((s) => s !== mySeat && !watching)
            .map((s) => (
              <OpponentFieldset key={s} seat={s} title={seatTitle(s)} form={seats[s] ?? EMPTY_SEAT} setSeat={setSeat} />
            ))}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" class="primary big" disabled={busy || !rs}>
            {busy ? "Starting…" : "Start the game"}
          </button>
        </>
      )}
    </form>
  );
}
