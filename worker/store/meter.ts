/** Counts D1 round trips and the rows D1 reports read and written, for the bench and dev headers. */
export interface D1Meter {
  roundTrips: number;
  rowsRead: number;
  rowsWritten: number;
}

export const newMeter = (): D1Meter => ({ roundTrips: 0, rowsRead: 0, rowsWritten: 0 });

/** Wraps the binding so every batch (the only way the store talks to D1) is counted. */
export function meteredD1(db: D1Database, meter: D1Meter): D1Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          meter.roundTrips++;
          const results = await target.batch(statements);
          for (const r of results) {
            meter.rowsRead += r.meta?.rows_read ?? 0;
            meter.rowsWritten += r.meta?.rows_written ?? 0;
          }
          return results;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
