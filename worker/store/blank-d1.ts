/**
 * A D1 that keeps nothing and answers every statement with no rows and one change. It exists for
 * the isolate's warm-up alone (worker/warm-up.ts): the global scope may do no I/O, yet the path of
 * a request through the query builder and the D1 driver is much of what V8 compiles on a first
 * request. Nothing is ever served from it, and no test stands it in for the database.
 */
const META = { changes: 1, duration: 0, last_row_id: 0, changed_db: true, size_after: 0, rows_read: 0, rows_written: 1 };

const blankResult = <T>(): D1Result<T> => ({ results: [], success: true, meta: { ...META } }) as D1Result<T>;

class BlankStatement {
  bind(..._values: unknown[]): BlankStatement {
    return this;
  }
  async first<T>(): Promise<T | null> {
    return null;
  }
  async all<T>(): Promise<D1Result<T>> {
    return blankResult<T>();
  }
  async run<T>(): Promise<D1Result<T>> {
    return blankResult<T>();
  }
  async raw<T>(): Promise<T[]> {
    return [];
  }
}

export function blankD1(): D1Database {
  const d1 = {
    prepare: (_sql: string) => new BlankStatement(),
    batch: async (statements: readonly unknown[]) => statements.map(() => blankResult()),
    exec: async () => ({ count: 0, duration: 0 }),
    dump: async () => new ArrayBuffer(0),
    withSession: () => d1,
  };
  return d1 as unknown as D1Database;
}
