// The strong computer against the standard one (issue 28 item 2): for every side of every
// scenario, strong's win rate from that side against standard, beside standard's own win rate
// from that side against standard (self-play on the same seeds). Game i seats strong on side
// i mod 2 (sides alternated); seeds are fixed, so a run is reproducible. Also the CPU cost of a
// strong decision (median and 99th percentile, warm: after the first game). Prints only.
//   node --import tsx bench/strong.ts [games per scenario] [filter]
//   STRONG_FROM=k: only the games k.. of that count (two processes on two cores run halves of one
//   run: STRONG_FROM=100 ... strong.ts 200 and ... strong.ts 100; add their counts)
//   STRONG_SEAT=p2: only the games whose strong seat is p2 (tuning one seat; the standard figure
//   is then over those games alone)
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError, type AnyRuleset, type Seat } from "../worker/engine/ruleset";
import { botAt, simulatedActions, strongBounds, strongWith, type BotLevel, type SearchBounds } from "../worker/engine/strong";
import { cpuMicros, median } from "./lib";
import { loadavg } from "node:os";

const cases: [string, string, Record<string, unknown>][] = [
  ["dicewars", "10x10", { players: 2 }],
  ["dicewars", "15x15", { players: 2 }],
  ["dicewars", "20x20", { players: 2 }],
  ["dicewars", "25x25", { players: 2 }],
  ["dicewars", "10x10", { players: 3 }],
  ["dicewars", "10x10", { players: 4 }],
  ["dicewars", "15x15", { players: 3 }],
  ["dicewars", "15x15", { players: 4 }],
  ["dicewars", "20x20", { players: 3 }],
  ["dicewars", "20x20", { players: 4 }],
  ["dicewars", "25x25", { players: 3 }],
  ["dicewars", "25x25", { players: 4 }],
  ["musket", "the-bridge", {}],
  ["musket", "rearguard", {}],
  ["moscow", "quickstart", {}],
  ["musket", "pitched-battle", {}],
  ["moscow", "standard", {}],
  ["skirmish", "small-clash", {}],
  ["skirmish", "small-elimination", {}],
  ["warshard", "boot_camp", {}],
];

const games = Number(process.argv[2] ?? 20);
const only = process.argv[3];
const from = Number(process.env.STRONG_FROM ?? 0);
const onlySeat = process.env.STRONG_SEAT;
/** Other search bounds than the level's, for tuning: STRONG_BOUNDS='{"rollouts":4}'. */
const override: Partial<SearchBounds> | null = process.env.STRONG_BOUNDS ? JSON.parse(process.env.STRONG_BOUNDS) : null;

/**
 * Actions a game may take before it counts as unfinished (no winner). A DiceWars game of 3-4
 * players on 15x15 or larger can pass 20,000 actions (one of 4 on 15x15 took 174,552), and a game
 * cut short counts as a loss for the seat ahead; a run says how many still had no winner.
 */
const MAX_ACTIONS = 200_000;

/** Plays one game with a level per seat; the winners ([] for a draw or no end) and the strong decisions' CPU µs. */
function play(ruleset: AnyRuleset, scenario: string, options: unknown, seed: string, levels: Record<Seat, BotLevel>): { winners: Seat[]; decisions: number[]; unfinished: boolean } {
  let state = setupOrThrow<unknown>(ruleset, scenario, options, seed);
  const rngs = seededRngs(seed);
  const decisions: number[] = [];
  for (let index = 0; index < MAX_ACTIONS; index++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    const level = levels[seat] ?? "standard";
    const start = level === "strong" ? cpuMicros() : 0;
    const bot = level === "strong" && override ? strongWith(ruleset, override)! : botAt(ruleset, level);
    const action = bot(state, seat, rngs.bot(index));
    if (level === "strong") decisions.push(cpuMicros() - start);
    const applied = ruleset.apply(state, seat, action, new RecordingRng(rngs.dice(index)));
    if (isRuleError(applied)) throw new Error(`${ruleset.id} ${level} for ${seat} chose a refused action: ${applied.message}`);
    state = applied.state;
  }
  const outcome = ruleset.outcome(state);
  return { winners: outcome?.result === "win" ? outcome.winners : [], decisions, unfinished: outcome === null };
}

const pct = (wins: number, of: number) => (of === 0 ? "-" : `${((100 * wins) / of).toFixed(0)}%`);
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;

console.log(`${override ? `bounds ${JSON.stringify(override)}, ` : ""}${games} games per scenario, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}, ${new Date().toISOString()}`);
console.log("| scenario | side | standard vs standard: wins | strong vs standard: wins | difference (points) | target | strong decision CPU µs: median / p99 (simulated actions at most) |");
console.log("|---|---|---:|---:|---:|---|---:|");
for (const [id, scenario, options] of cases) {
  const label = `${id} ${scenario}${id === "dicewars" ? ` ${(options as { players: number }).players} players` : ""}`;
  if (only && !label.includes(only)) continue;
  const ruleset = rulesets.get(id)!;
  const parsed = ruleset.parseOptions(options);
  const seats = ruleset.seats(scenario, parsed) as Seat[];
  const standardWins: Record<Seat, number> = {};
  const strongWins: Record<Seat, number> = {};
  const strongGames: Record<Seat, number> = {};
  const baseGames: Record<Seat, number> = {};
  const decisions: number[] = [];
  let unfinished = 0;
  for (let i = from; i < games; i++) {
    const seed = `strong-bench-${i}`;
    const strongSeat = seats[i % seats.length]!;
    if (onlySeat && strongSeat !== onlySeat) continue;
    const base = play(ruleset, scenario, options, seed, {});
    for (const seat of seats) {
      baseGames[seat] = (baseGames[seat] ?? 0) + 1;
      if (base.winners.includes(seat)) standardWins[seat] = (standardWins[seat] ?? 0) + 1;
    }
    const game = play(ruleset, scenario, options, seed, { [strongSeat]: "strong" });
    if (base.unfinished || game.unfinished) unfinished++;
    strongGames[strongSeat] = (strongGames[strongSeat] ?? 0) + 1;
    if (game.winners.includes(strongSeat)) strongWins[strongSeat] = (strongWins[strongSeat] ?? 0) + 1;
    if (i >= from + seats.length || (onlySeat && strongGames[strongSeat]! > 1)) decisions.push(...game.decisions);
  }
  const level = strongBounds(ruleset);
  const bounds = level && { ...level, ...override };
  for (const seat of seats) {
    const base = (standardWins[seat] ?? 0) / (baseGames[seat] || 1);
    const strong = (strongWins[seat] ?? 0) / (strongGames[seat] || 1);
    const target = base > 0.75 ? "≥ 95%" : `≥ ${Math.min(100, Math.round(100 * base + 20))}%`;
    const met = base > 0.75 ? strong >= 0.95 : strong - base >= 0.2;
    console.log(
      `| ${label} | ${seat} | ${standardWins[seat] ?? 0}/${baseGames[seat] ?? 0} (${pct(standardWins[seat] ?? 0, baseGames[seat] ?? 0)}) | ${strongWins[seat] ?? 0}/${strongGames[seat] ?? 0} (${pct(strongWins[seat] ?? 0, strongGames[seat] ?? 0)}) | ${((strong - base) * 100).toFixed(0)} | ${target}: ${met ? "met" : "not met"} | ${median(decisions).toFixed(0)} / ${percentile(decisions, 0.99).toFixed(0)} (${bounds ? simulatedActions(bounds) : "-"}) |`,
    );
  }
  if (unfinished > 0) console.log(`${label}: ${unfinished} seeds with a game unfinished after ${MAX_ACTIONS} actions (no winner)`);
}
console.log(`load at the end ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
