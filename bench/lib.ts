/** Small benchmark kit: median of several timed runs, reported with a ratio to a baseline. */
export interface Figure {
  name: string;
  /** Median microseconds per operation. */
  micros: number;
  opsPerSec: number;
  runs: number;
  note?: string;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** How long every figure warms up first, so V8 has optimised the code before it is timed (cold figures are bench/cold.ts's). */
const WARM_UP_MS = 300;

/** Times `op` in `runs` rounds of `iterations` calls each, after a warm-up, and keeps the median round. */
export function measure(name: string, op: () => unknown, { runs = 7, iterations = 1, note }: { runs?: number; iterations?: number; note?: string } = {}): Figure {
  const warmUntil = performance.now() + WARM_UP_MS;
  for (let i = 0; i < iterations || performance.now() < warmUntil; i++) op();
  const perOp: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    for (let i = 0; i < iterations; i++) op();
    perOp.push(((performance.now() - start) * 1000) / iterations);
  }
  const micros = median(perOp);
  return { name, micros, opsPerSec: 1e6 / micros, runs, ...(note ? { note } : {}) };
}

export async function measureAsync(name: string, op: () => Promise<unknown>, { runs = 5, iterations = 1, note }: { runs?: number; iterations?: number; note?: string } = {}): Promise<Figure> {
  await op();
  const perOp: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    for (let i = 0; i < iterations; i++) await op();
    perOp.push(((performance.now() - start) * 1000) / iterations);
  }
  const micros = median(perOp);
  return { name, micros, opsPerSec: 1e6 / micros, runs, ...(note ? { note } : {}) };
}

/** A fixed CPU task every figure is divided by, so results compare across machines and runs. */
export function baseline(): Figure {
  const data = Array.from({ length: 1000 }, (_, i) => ({ id: i, q: i % 14, r: (i * 7) % 10 }));
  const text = JSON.stringify(data);
  return measure("baseline: JSON.parse + stringify of 1,000 small objects", () => JSON.stringify(JSON.parse(text)), { runs: 9, iterations: 200 });
}

/** The process's CPU time (user + system) in microseconds: on a busy machine, wall time counts the other processes' turns too. */
export const cpuMicros = (): number => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

const baselineText = JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ id: i, q: i % 14, r: (i * 7) % 10 })));

/** The baseline task's CPU microseconds (the mean of 200 runs), for ratios measured by CPU time. */
export function cpuBaselineMicros(): number {
  const start = cpuMicros();
  for (let i = 0; i < 200; i++) JSON.stringify(JSON.parse(baselineText));
  return (cpuMicros() - start) / 200;
}

export function fmt(n: number, digits = 1): string {
  return n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(digits);
}

export function table(rows: Figure[], base: Figure): string {
  const lines = ["| benchmark | median µs/op | ops/s | × baseline | runs | note |", "|---|---:|---:|---:|---:|---|"];
  for (const r of rows) lines.push(`| ${r.name} | ${fmt(r.micros, 2)} | ${fmt(r.opsPerSec)} | ${fmt(r.micros / base.micros, 2)} | ${r.runs} | ${r.note ?? ""} |`);
  return lines.join("\n");
}

/** The Worker's vars when a bench runs its app in process: dev mode, and no rate limit in the way of many games. */
export const BENCH_APP_VARS = {
  DEV_MODE: "true",
  TOKEN_SECRET: "dev-only-token-secret-do-not-use-in-production",
  APP_URL: "http://127.0.0.1:8787",
  MAIL_FROM: "hexpost bench <bench@localhost>",
  RATE_GAMES_PER_HOUR: "100000000",
  RATE_INVITES_PER_DAY: "100000000",
} as const;
