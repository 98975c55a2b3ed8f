/** The combat results table of the game's rules, with the battle in hand's column lit and, once rolled, its die's row. */
import { crtFor } from "../../../worker/engine/moscow/crt";
import { CrtTable } from "../../components/CrtTable";
import { RESULT_TEXT } from "./engine";

const COLUMNS = ["1:1", "2:1", "3:1", "4:1", "5:1", "6:1"];

/** `column` is 1..6 (0: below 1:1, nothing lit); `die` the roll, once made. */
export function MoscowCrt({ rules, column, die, caption }: { rules: string; column: number | null; die?: number | null; caption: string }) {
  return <CrtTable cls="crt" dieLabel="die" columns={COLUMNS} rows={crtFor(rules)} column={column ? column - 1 : null} die={die} caption={caption} meaning={RESULT_TEXT} />;
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
