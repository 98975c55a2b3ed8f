/**
 * Cold CPU of the computer's work: each figure is a fresh Node process (nothing warmed up, as
 * on a freshly started Worker isolate) playing N bot actions from a scenario's start. It
 * chose BOT_ACTIONS_PER_REQUEST (worker/games/advance.ts). Run: node --import tsx bench/cold.ts
 */
import { execFileSync } from "node:child_process";
import { median } from "./lib";

const child = `
const [which, n] = process.argv.slice(-2);
const { moscow } = await import("${new URL("../worker/engine/moscow/index.ts", import.meta.url).pathname}");
const { dicewars } = await import("${new URL("../worker/engine/dicewars/index.ts", import.meta.url).pathname}");
const { rngFromSeed } = await import("${new URL("../worker/engine/rng.ts", import.meta.url).pathname}");
const r = which === "moscow" ? moscow : dicewars;
let s = r.setup(which === "moscow" ? "standard" : "25x25", r.parseOptions(which === "moscow" ? {} : { players: 4 }), rngFromSeed("cold"));
const cpu0 = process.cpuUsage();
for (let i = 0; i < Number(n); i++) {
  const seat = r.toAct(s)[0];
  if (!seat) break;
  const res = r.apply(s, seat, r.bot(s, seat, rngFromSeed("b" + i)), rngFromSeed("d" + i));
  if (!res.ok) throw new Error(res.message);
  s = res.state;
}
const cpu = process.cpuUsage(cpu0);
console.log(((cpu.user + cpu.system) / 1000).toFixed(2));
`;

function coldMs(which: string, n: number): number {
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", child, which, String(n)], { encoding: "utf8" });
  return Number(out.trim());
}

console.log("| ruleset | bot actions | cold CPU ms (median of 5 fresh processes) |\n|---|---:|---:|");
for (const which of ["moscow", "dicewars"]) {
  for (const n of [12, 24, 48]) {
    const runs = Array.from({ length: 5 }, () => coldMs(which, n));
    console.log(`| ${which} | ${n} | ${median(runs).toFixed(1)} |`);
  }
}
