/** The combat results table of the game's rules, with the battle in hand's column lit and, once rolled, its die's row. */
import { crtFor } from "../../../worker/engine/moscow/crt";
import { RESULT_TEXT } from "./engine";

const COLUMNS = ["1:1", "2:1", "3:1", "4:1", "5:1", "6:1"];

/** `column` is 1..6 (0: below 1:1, nothing lit); `die` the roll, once made. */
export function MoscowCrt({ rules, column, die, caption }: { rules: string; column: number | null; die?: number | null; caption: string }) {
  const table = crtFor(rules);
  return (
    <table class="crt">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">die</th>
          {COLUMNS.map((c, i) => (
            <th key={c} scope="col" class={column === i + 1 ? "on" : ""}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.map((row, r) => (
          <tr key={r} class={die === r + 1 ? "rolled" : ""}>
            <th scope="row">{r + 1}</th>
            {row.map((res, i) => (
              <td key={i} class={`${column === i + 1 ? "on" : ""}${column === i + 1 && die === r + 1 ? " hit" : ""}`} title={RESULT_TEXT[res]}>
                {res}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The results' key, under the table. */
export function ResultKey() {
  return (
    <p class="legend muted crt-key">
      {Object.entries(RESULT_TEXT).map(([k, v]) => (
        <span key={k}>
          <b>{k}</b> {v}.{" "}
        </span>
      ))}
      Below 1:1 after shifts: no die, no effect. Each of forest, Moscow, a Soviet fortification and attacking wholly across a river shifts one column left.
    </p>
  );
}
