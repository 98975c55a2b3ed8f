/** The players' table: cells, total strength and supply for each, with who is to move, out, or won. */
import { COLOURS, cellCounts, largestGroup, strengthTotals, type DiceWarsState } from "./engine";

export function PlayersPanel(p: { state: DiceWarsState; me: number; seatName: (s: string) => string; over: boolean }) {
  const { state } = p;
  const cells = cellCounts(state);
  const totals = strengthTotals(state);
  const winners = state.outcome?.winners ?? [];
  return (
    <section class="card dw-players" aria-labelledby="dw-players-title">
      <h2 id="dw-players-title">Players</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col" title="Cells owned">
              Cells
            </th>
            <th scope="col" title="Total strength of all cells">
              Strength
            </th>
            <th scope="col" title="Dice received at the end of the turn: the largest connected territory">
              Supply
            </th>
          </tr>
        </thead>
        <tbody>
          {state.players.map((pl, i) => {
            const out = pl.eliminated;
            const turn = state.phase === "play" && !out && state.current === i;
            const status = out ? "eliminated" : p.over && winners.includes(pl.seat) ? "winner" : turn ? "to move" : "";
            return (
              <tr key={pl.seat} class={`${out ? "out" : ""}${turn ? " turn" : ""}`} data-seat={pl.seat}>
                <th scope="row">
                  <span class={`swatch p${i}`} aria-hidden="true" /> {p.seatName(pl.seat)}
                  {i === p.me ? <span class="you"> you</span> : null}
                  <span class="dw-colour"> {COLOURS[i]!.name}</span>
                  {status && <span class={`dw-status ${status.replace(" ", "-")}`}>{status}</span>}
                </th>
                <td>{cells[i]}</td>
                <td>{totals[i]}</td>
                <td>{out ? "—" : largestGroup(state.size, state.owner, i)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
