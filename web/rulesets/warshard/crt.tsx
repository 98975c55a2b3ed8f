/** The combat results table (3.3), with a Fight's column lit and, once rolled, its die's row. */
import { CrtTable } from "../../components/CrtTable";
import { CRT, CRT_COLUMNS, type Column } from "./engine";
import { RESULT_TEXT } from "./labels";

export function WarshardCrt({ column, die, caption }: { column?: Column | null; die?: number | null; caption?: string }) {
  const at = column ? (CRT_COLUMNS as readonly string[]).indexOf(column) : -1;
  return <CrtTable cls="ws-crt" dieLabel="d6" columns={CRT_COLUMNS} rows={CRT} column={at} die={die} caption={caption} meaning={RESULT_TEXT} resultClass={(res) => `r-${res}`} />;
}

/** The six outcomes of one column, as a compact strip ("1 dr · 2 dr · ..."). */
export function ColumnStrip({ column }: { column: Column }) {
  const at = (CRT_COLUMNS as readonly string[]).indexOf(column);
  if (at < 0) return <p class="ws-strip muted">{column === "auto" ? "Undefended: the hex's units are destroyed without a die." : "Odds below 1-2: no combat, no die."}</p>;
  return (
    <p class="ws-strip" aria-label={`Column ${column}: ${CRT.map((row, r) => `${r + 1} ${RESULT_TEXT[row[at]!]}`).join(", ")}`}>
      {CRT.map((row, r) => (
        <span key={r} class={`r-${row[at]}`}>
          <b>{r + 1}</b> {row[at]}
        </span>
      ))}
    </p>
  );
}
