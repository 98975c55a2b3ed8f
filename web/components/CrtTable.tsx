/**
 * A combat results table, for any ruleset that has one (Battle for Moscow, WarShard): the die's
 * rows and the odds' columns, the column of the battle in hand lit and, once rolled, its die's
 * row and the result it gave. Each result's cell is titled with what it means.
 */
export interface CrtProps {
  /** The columns' headings ("1:1" ... or "1-2" ...). */
  columns: readonly string[];
  /** One row per die face, from 1: the result in each column. */
  rows: readonly (readonly string[])[];
  /** The lit column's index (none: -1 or null); `die` the roll, once made. */
  column: number | null;
  die?: number | null;
  caption?: string;
  /** The die column's heading. */
  dieLabel: string;
  /** The table's class (its ruleset's look). */
  cls: string;
  /** What each result means (the cells' titles). */
  meaning: Readonly<Record<string, string>>;
  /** A class for the cell of each result, where the ruleset colours them. */
  resultClass?: (result: string) => string;
}

export function CrtTable(p: CrtProps) {
  const at = p.column ?? -1;
  return (
    <table class={p.cls}>
      {p.caption && <caption>{p.caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{p.dieLabel}</th>
          {p.columns.map((c, i) => (
            <th key={c} scope="col" class={i === at ? "on" : ""}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {p.rows.map((row, r) => (
          <tr key={r} class={p.die === r + 1 ? "rolled" : ""}>
            <th scope="row">{r + 1}</th>
            {row.map((res, i) => (
              <td key={i} class={`${i === at ? "on" : ""}${i === at && p.die === r + 1 ? " hit" : ""}${p.resultClass ? ` ${p.resultClass(res)}` : ""}`} title={p.meaning[res]}>
                {res}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
