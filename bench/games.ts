// Whole self-play games a second by CPU time (process.cpuUsage), each round beside the bench's
// baseline task in the same process, medians of 9 rounds of 20 games after 1.5 s of warm-up (a
// shorter one mostly measures V8 optimising the engine). Prints only.
//   node --import tsx bench/games.ts [filter]
import { rulesets } from "../worker/engine/registry";
import { selfPlay } from "../worker/engine/bot-play";
import { cpuBaselineMicros, cpuMicros, median } from "./lib";

const cases: [string, string, Record<string, unknown>][] = [
  ["moscow", "standard", {}],
  ["moscow", "quickstart", {}],
  ["skirmish", "small-clash", {}],
  ["skirmish", "small-elimination", {}],
  ["warshard", "boot_camp", {}],
  ["musket", "pitched-battle", {}],
  ["musket", "the-bridge", {}],
  ["musket", "rearguard", {}],
  ["dicewars", "10x10", { players: 2 }],
  ["dicewars", "10x10", { players: 4 }],
];

const only = process.argv[2];
for (const [id, scenario, options] of cases) {
  const label = `${id} ${scenario}${Object.keys(options).length ? ` ${JSON.stringify(options)}` : ""}`;
  if (only && !label.includes(only)) continue;
  const ruleset = rulesets.get(id)!;
  let n = 0;
  const warmUntil = performance.now() + 1500;
  while (performance.now() < warmUntil) selfPlay(ruleset, scenario, options, `warm-${n++}`);
  const perGame: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < 9; round++) {
    const base = cpuBaselineMicros();
    const games = 20;
    const start = cpuMicros();
    for (let i = 0; i < games; i++) selfPlay(ruleset, scenario, options, `games-${round}-${i}`);
    const micros = (cpuMicros() - start) / games;
    perGame.push(micros);
    ratios.push(micros / base);
  }
  console.log(`| ${label} | ${(1e6 / median(perGame)).toFixed(0)} | ${median(ratios).toFixed(2)} |`);
}
