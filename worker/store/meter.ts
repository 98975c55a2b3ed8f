/** Counts D1 round trips and the rows D1 reports read and written, for the bench and dev headers. */
export interface D1Meter {
  roundTrips: number;
  rowsRead: number;
  rowsWritten: number;
  /** Rows written by kind of statement (its verb and table), when asked for (the scale bench). */
  writtenBy?: Record<string, number>;
}

/** "INSERT outbox", "UPDATE games", ...: the verb and the table a statement writes. */
export function statementKind(sql: string): string {
  const m = /^\s*(insert(?:\s+or\s+\w+)?\s+into|update|delete\s+from)\s+["`]?(\w+)/i.exec(sql);
  return m ? `${m[1]!.split(/\s+/)[0]!.toUpperCase()} ${m[2]}` : "other";
}

export const newMeter = (): D1Meter => ({ roundTrips: 0, rowsRead: 0, rowsWritten: 0 });

/** Wraps the binding so every batch (the only way the store talks to D1) is counted. */
export function meteredD1(db: D1Database, meter: D1Meter): D1Database {
  // with meter.writtenBy: each statement's SQL, and the statements prepare() handed out as themselves
  const texts = new WeakMap<object, string>();
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          meter.roundTrips++;
          const sent = statements.map((s) => unwrapped.get(s) ?? s);
          const results = await target.batch(sent);
          results.forEach((r, i) => {
            meter.rowsRead += r.meta?.rows_read ?? 0;
            meter.rowsWritten += r.meta?.rows_written ?? 0;
            if (meter.writtenBy && r.meta?.rows_written) {
              const kind = statementKind(texts.get(sent[i]!) ?? "");
              meter.writtenBy[kind] = (meter.writtenBy[kind] ?? 0) + r.meta.rows_written;
            }
          });
          return results;
        };
      }
      if (prop === "prepare" && meter.writtenBy) {
        return (sql: string) => {
          const statement = target.prepare(sql);
          texts.set(statement, sql);
          const seen = new Proxy(statement, {
            get(s, p) {
              if (p === "bind")
                return (...values: unknown[]) => {
                  const bound = s.bind(...values);
                  texts.set(bound, sql);
                  return bound;
                };
              const value = Reflect.get(s, p, s);
              return typeof value === "function" ? value.bind(s) : value;
            },
          });
          unwrapped.set(seen, statement);
          return seen;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
