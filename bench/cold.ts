/**
 * Cold CPU of the computer's work: each figure is a fresh Node process (nothing warmed up, as
 * on a freshly started Worker isolate) playing N bot actions from a scenario's start, beside the
 * same work in a process that has played it many times. It chose botActionsPerRequest
 * (worker/games/advance.ts). `npm run bench:cold` prints it alone; `npm run bench` records it.
 */
import { execFileSync } from "node:child_process";
import { median } from "./lib";

const child = `
const [which, n, warmRounds] = process.argv.slice(-3);
const { getRuleset } = await import("${new URL("../worker/engine/registry.ts", import.meta.url).pathname}");
const { rngFromSeed } = await import("${new URL("../worker/engine/rng.ts", import.meta.url).pathname}");
const { botPlay, playOut } = await import("${new URL("../worker/engine/bot-play.ts", import.meta.url).pathname}");
const r = getRuleset(which);
const game = ${JSON.stringify({ moscow: ["standard", {}], dicewars: ["25x25", { players: 4 }], warshard: ["boot_camp", {}], musket: ["pitched-battle", {}], skirmish: ["small-clash", {}] })}[which];
const start = r.setup(game[0], r.parseOptions(game[1]), rngFromSeed("cold"));
const play = () => playOut(botPlay(r, start, { bot: (i) => rngFromSeed("b" + i), dice: (i) => rngFromSeed("d" + i) }, { maxActions: Number(n) }));
for (let i = 0; i < Number(warmRounds); i++) play();
// warm: the median of 5 runs (one run alone may hold a collection); cold: the one first run
const runs = Number(warmRounds) > 0 ? 5 : 1;
const times = [];
for (let r = 0; r < runs; r++) {
  const cpu0 = process.cpuUsage();
  play();
  const cpu = process.cpuUsage(cpu0);
  times.push((cpu.user + cpu.system) / 1000);
}
times.sort((a, b) => a - b);
console.log(times[times.length >> 1].toFixed(2));
`;

export function cpuMs(which: string, n: number, warmRounds: number): number {
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", child, which, String(n), String(warmRounds)], { encoding: "utf8" });
  return Number(out.trim());
}

export function coldEngineText(): string {
  const lines = [
    "### The computer's actions, cold and warm (fresh Node processes)",
    "",
    "Cold: a fresh process's first run (median of 5 processes). Warm: the same run after 200 others in the same process (median of 5 runs, in each of 5 processes). The engine's share of a request; the computer plays at most 12 actions a request (WarShard 4, the skirmish 2: \`botActionsPerRequest\` in worker/games/advance.ts).",
    "",
    "| ruleset | bot actions from the start | cold CPU ms | warm CPU ms |",
    "|---|---:|---:|---:|",
  ];
  for (const which of ["moscow", "dicewars", "warshard", "musket", "skirmish"]) {
    for (const n of [2, 4, 12, 24]) {
      const cold = median(Array.from({ length: 5 }, () => cpuMs(which, n, 0)));
      const warm = median(Array.from({ length: 5 }, () => cpuMs(which, n, 200)));
      lines.push(`| ${which} | ${n} | ${cold.toFixed(1)} | ${warm.toFixed(2)} |`);
    }
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(coldEngineText());
