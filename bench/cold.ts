/**
 * Cold CPU of the computer's work: each figure is a fresh Node process (nothing warmed up, as
 * on a freshly started Worker isolate) playing N bot actions from a scenario's start, beside the
 * same work in a process that has played it many times. It chose BOT_ACTIONS_PER_REQUEST
 * (worker/games/advance.ts). `npm run bench:cold` prints it alone; `npm run bench` records it.
 */
import { execFileSync } from "node:child_process";
import { median } from "./lib";

const child = `
const [which, n, warmRounds] = process.argv.slice(-3);
const { moscow } = await import("${new URL("../worker/engine/moscow/index.ts", import.meta.url).pathname}");
const { dicewars } = await import("${new URL("../worker/engine/dicewars/index.ts", import.meta.url).pathname}");
const { rngFromSeed } = await import("${new URL("../worker/engine/rng.ts", import.meta.url).pathname}");
const r = which === "moscow" ? moscow : dicewars;
const start = r.setup(which === "moscow" ? "standard" : "25x25", r.parseOptions(which === "moscow" ? {} : { players: 4 }), rngFromSeed("cold"));
const play = () => {
  let s = start;
  for (let i = 0; i < Number(n); i++) {
    const seat = r.toAct(s)[0];
    if (!seat) break;
    const res = r.apply(s, seat, r.bot(s, seat, rngFromSeed("b" + i)), rngFromSeed("d" + i));
    if (!res.ok) throw new Error(res.message);
    s = res.state;
  }
};
for (let i = 0; i < Number(warmRounds); i++) play();
const cpu0 = process.cpuUsage();
play();
const cpu = process.cpuUsage(cpu0);
console.log(((cpu.user + cpu.system) / 1000).toFixed(2));
`;

function cpuMs(which: string, n: number, warmRounds: number): number {
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", child, which, String(n), String(warmRounds)], { encoding: "utf8" });
  return Number(out.trim());
}

export function coldEngineText(): string {
  const lines = [
    "### The computer's actions, cold and warm (fresh Node processes)",
    "",
    "Cold: a fresh process's first run (median of 5 processes). Warm: the same run after 200 others in the same process (median of 5). The engine's share of a request; `BOT_ACTIONS_PER_REQUEST` = 12.",
    "",
    "| ruleset | bot actions from the start | cold CPU ms | warm CPU ms |",
    "|---|---:|---:|---:|",
  ];
  for (const which of ["moscow", "dicewars"]) {
    for (const n of [12, 24, 48]) {
      const cold = median(Array.from({ length: 5 }, () => cpuMs(which, n, 0)));
      const warm = median(Array.from({ length: 5 }, () => cpuMs(which, n, 200)));
      lines.push(`| ${which} | ${n} | ${cold.toFixed(1)} | ${warm.toFixed(2)} |`);
    }
  }
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(coldEngineText());
