/**
 * Hot statements, prepared once: drizzle builds a statement's SQL text the first time it is
 * needed, with placeholders for the values, and every later request binds the values to that
 * text straight on D1. Building SQL with the query builder on every request was about half of
 * a submission's CPU.
 */
import { getTableColumns, is, Param, Placeholder, type Table } from "drizzle-orm";

type Slot = { kind: "value"; value: unknown } | { kind: "named"; name: string; encode: (value: unknown) => unknown };

export interface PreparedSql {
  sql: string;
  slots: readonly Slot[];
}

const asIs = (value: unknown) => value;

/** The SQL text of a query built with `sql.placeholder(name)` for each value bound later. */
export function prepareSql(query: { toSQL(): { sql: string; params: unknown[] } }): PreparedSql {
  const { sql, params } = query.toSQL();
  const slots = params.map((param): Slot => {
    if (is(param, Placeholder)) return { kind: "named", name: param.name, encode: asIs };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const encoder = param.encoder as { mapToDriverValue?: (v: unknown) => unknown } | undefined;
      const encode = encoder?.mapToDriverValue ? (v: unknown) => (v === null || v === undefined ? null : encoder.mapToDriverValue!(v)) : asIs;
      return { kind: "named", name: param.value.name, encode };
    }
    return { kind: "value", value: param };
  });
  return { sql, slots };
}

/** Memoises a statement's text per isolate (the key says which shape of statement it is). */
export class StatementBook {
  private readonly texts = new Map<string, PreparedSql>();

  get(key: string, build: () => { toSQL(): { sql: string; params: unknown[] } }): PreparedSql {
    let text = this.texts.get(key);
    if (!text) {
      text = prepareSql(build());
      this.texts.set(key, text);
    }
    return text;
  }
}

export function bind(d1: D1Database, prepared: PreparedSql, values: Readonly<Record<string, unknown>>): D1PreparedStatement {
  const args = prepared.slots.map((slot) => {
    if (slot.kind === "value") return slot.value;
    const value = values[slot.name];
    if (value === undefined) throw new Error(`no value for the statement's placeholder "${slot.name}"`);
    return slot.encode(value);
  });
  return d1.prepare(prepared.sql).bind(...args);
}

/** Turns D1's raw rows (SQL column names, driver values) into the table's typed rows. */
export function rowDecoder<T extends Table>(table: T): (raw: Record<string, unknown>) => T["$inferSelect"] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, decode: (v: unknown) => column.mapFromDriverValue(v) }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const c of columns) {
      if (!(c.name in raw)) continue;
      const value = raw[c.name];
      row[c.key] = value === null || value === undefined ? null : c.decode(value);
    }
    return row as T["$inferSelect"];
  };
}
