// What a request-sized slice of Battle for Moscow's computer costs: 12 and 24 consecutive
// computer actions (bot + apply, through botPlay as the service plays them) from the start of a
// Soviet movement phase mid-game, by CPU time (process.cpuUsage). Cold: the first slice in a fresh
// process (one child process per figure, the engine imported but never run). Warm: medians after
// a warm-up, each slice starting from another game's position than the one before (a Worker
// serving many games keeps nothing useful from the last request), back to back and with the
// baseline task run before each (other work in between, as in a request); and, apart, the same
// slice repeated (what kept reach gives at best). Prints only.
//   node --import tsx bench/moscow-slice.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { botPlay, playOut, seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { moscow, type MoscowState } from "../worker/engine/moscow";
import { cpuBaselineMicros, cpuMicros, median } from "./lib";

const SIZES = [12, 24] as const;

/** CPU microseconds of `n` computer actions from `start`, and the phases they went through. */
function slice(start: MoscowState, seed: string, n: number): { micros: number; phases: string[] } {
  const phases: string[] = [];
  const t = cpuMicros();
  playOut(botPlay(moscow, start, seededRngs(seed), { maxActions: n }), (step) => {
    const phase = (step.before as MoscowState).phase;
    if (phases[phases.length - 1] !== phase) phases.push(phase);
  });
  return { micros: cpuMicros() - t, phases };
}

if (process.argv[2] === "--cold") {
  const [, , , file, index, n] = process.argv;
  const starts = JSON.parse(readFileSync(file!, "utf8")) as { seed: string; state: MoscowState }[];
  const s = starts[Number(index)]!;
  console.log(JSON.stringify(slice(s.state, s.seed, Number(n))));
  process.exit(0);
}

/** The start of the Soviet movement phase of `turn` in a seeded self-play game. */
function sovietMovement(seed: string, turn: number): MoscowState | null {
  let found: MoscowState | null = null;
  playOut(botPlay(moscow, setupOrThrow<MoscowState>(moscow, "standard", {}, seed), seededRngs(seed), { keepOn: (s) => (found ??= s.turn === turn && s.phase === "soviet_movement" ? s : null) === null }));
  return found;
}

const starts: { seed: string; state: MoscowState }[] = [];
for (let g = 0; starts.length < 16 && g < 200; g++) {
  const state = sovietMovement(`slice-${g}`, 3 + (g % 3));
  if (state) starts.push({ seed: `slice-${g}`, state });
}
const dir = mkdtempSync(join(tmpdir(), "moscow-slice-"));
const file = join(dir, "starts.json");
writeFileSync(file, JSON.stringify(starts));
const self = fileURLToPath(import.meta.url);

console.log(`${starts.length} starts (turns 3-5, Soviet movement, standard). Baseline task: ${cpuBaselineMicros().toFixed(0)} µs CPU.`);
for (const n of SIZES) {
  const cold: number[] = [];
  for (let i = 0; i < 7; i++) {
    const out = execFileSync(process.execPath, [...process.execArgv, self, "--cold", file, String(i), String(n)], { encoding: "utf8" });
    cold.push((JSON.parse(out) as { micros: number }).micros);
  }
  // warm-up on every start, then rounds that move from one game to another
  for (let r = 0; r < 20; r++) for (const s of starts) slice(s.state, s.seed, n);
  // back to back, and with the baseline task run in between (other work flushing the caches)
  const warm: number[] = [];
  const warmAfterOther: number[] = [];
  const ratios: number[] = [];
  const phases = new Set<string>();
  for (let r = 0; r < 9; r++) {
    for (const s of starts) {
      const { micros, phases: p } = slice(s.state, s.seed, n);
      warm.push(micros);
      phases.add(p.join(" > "));
    }
    for (const s of starts) {
      const base = cpuBaselineMicros();
      const { micros } = slice(s.state, s.seed, n);
      warmAfterOther.push(micros);
      ratios.push(micros / base);
    }
  }
  const same: number[] = [];
  for (let r = 0; r < 50; r++) same.push(slice(starts[0]!.state, starts[0]!.seed, n).micros);
  console.log(
    `${n} actions: cold ${median(cold).toFixed(0)} µs CPU (median of 7 fresh processes; ${cold.map((c) => c.toFixed(0)).join(", ")}); ` +
      `warm back to back ${median(warm).toFixed(0)} µs (median of ${warm.length}, max ${Math.max(...warm).toFixed(0)}); ` +
      `warm after other work ${median(warmAfterOther).toFixed(0)} µs (${median(ratios).toFixed(2)} x baseline, max ${Math.max(...warmAfterOther).toFixed(0)}); ` +
      `same slice repeated ${median(same).toFixed(0)} µs`,
  );
  console.log(`  phases covered: ${[...phases].slice(0, 4).join(" | ")}${phases.size > 4 ? " | ..." : ""}`);
}
