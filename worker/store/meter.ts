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
  // The proxy's own target is a plain object: after a get trap the engine checks the answer
  // against its target's own property, and on a binding proxied from Node (miniflare, the
  // benches) that check is one more synchronous round trip to workerd per property read.
  return new Proxy({} as D1Database, {
    get(_, prop) {
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          meter.roundTrips++;
          const sent = statements.map((s) => unwrapped.get(s) ?? s);
          const results = await db.batch(sent);
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
          const statement = db.prepare(sql);
          texts.set(statement, sql);
          const seen = new Proxy({} as D1PreparedStatement, {
            get(_, p) {
              if (p === "bind")
                return (...values: unknown[]) => {
                  const bound = statement.bind(...values);
                  texts.set(bound, sql);
                  return bound;
                };
              const value = Reflect.get(statement, p, statement);
              return typeof value === "function" ? value.bind(statement) : value;
            },
          });
          unwrapped.set(seen, statement);
          return seen;
        };
      }
      const value = Reflect.get(db, prop, db);
      return typeof value === "function" ? value.bind(db) : value;
    },
  });
}
