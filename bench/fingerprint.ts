// A SHA-256 per scenario over seeded games, to show that an engine change plays exactly the same
// games: N self-play games (every action with its events, recorded draws and resulting state, and
// the final state) and W seeded random walks through `legal()` (every list with its labels and
// odds, `legalActions` where the ruleset has it, the computer's choice in that position, and each
// chosen action's events, their described lines, the state and its summary). Run it before a
// change and after; equal lines, same games.
//   node --import tsx bench/fingerprint.ts [ruleset ...] [--games N] [--walks W] [--steps S]
import { createHash, type Hash } from "node:crypto";
import { botPlay, playOut, seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { rulesets } from "../worker/engine/registry";
import { RecordingRng, rngFromSeed } from "../worker/engine/rng";
import { isRuleError, type AnyRuleset } from "../worker/engine/ruleset";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const GAMES = flag("games", 40);
const WALKS = flag("walks", 6);
const STEPS = flag("steps", 400);
/** Every scenario with its default options, plus option sets that change how the rules play; `games` caps a long scenario's self-play. */
const CASES: Readonly<Record<string, readonly { scenario: string; options: Record<string, unknown>; games?: number }[]>> = {
  moscow: [
    { scenario: "standard", options: {} },
    { scenario: "quickstart", options: {} },
    { scenario: "standard", options: { sovietReplacements: 3, germanReplacementTurns: "even" } },
    { scenario: "standard", options: { rules: "seed-spec" } },
  ],
  dicewars: [
    { scenario: "10x10", options: { players: 2 } },
    { scenario: "10x10", options: { players: 4 } },
    { scenario: "15x15", options: { players: 3 }, games: 10 },
  ],
  warshard: [{ scenario: "boot_camp", options: {} }],
  musket: [
    { scenario: "pitched-battle", options: {} },
    { scenario: "the-bridge", options: {} },
    { scenario: "rearguard", options: {} },
  ],
  skirmish: [
    { scenario: "small-clash", options: {} },
    { scenario: "small-elimination", options: {} },
  ],
};

const only = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));

const feed = (hash: Hash, value: unknown): void => {
  hash.update(JSON.stringify(value) ?? "undefined");
  hash.update("\n");
};

function selfPlayInto(hash: Hash, ruleset: AnyRuleset, scenario: string, options: unknown, seed: string): void {
  const initial = setupOrThrow<unknown>(ruleset, scenario, options, seed);
  feed(hash, initial);
  const end = playOut(botPlay(ruleset, initial, seededRngs(seed), { maxActions: 20_000 }), (step) => {
    feed(hash, [step.index, step.seat, step.action, step.draws, step.events]);
    feed(hash, step.state);
  });
  feed(hash, [end.played, end.state]);
}

function walkInto(hash: Hash, ruleset: AnyRuleset, scenario: string, options: unknown, seed: string): void {
  let state = setupOrThrow<unknown>(ruleset, scenario, options, seed);
  const picks = rngFromSeed(`walk:${seed}`);
  for (let step = 0; step < STEPS; step++) {
    const seat = ruleset.toAct(state)[0];
    if (seat === undefined) break;
    const legal = ruleset.legal(state, seat);
    feed(hash, legal);
    if (ruleset.legalActions) feed(hash, ruleset.legalActions(state, seat));
    feed(hash, ruleset.bot(state, seat, rngFromSeed(`walk-bot:${seed}:${step}`)));
    if (legal.choices.length === 0) break;
    const action = legal.choices[picks.int(legal.choices.length)]!.action;
    const dice = new RecordingRng(rngFromSeed(`walk-dice:${seed}:${step}`));
    const applied = ruleset.apply(state, seat, action, dice);
    if (isRuleError(applied)) throw new Error(`${ruleset.id} ${scenario} walk ${seed} step ${step}: legal() offered a refused action: ${applied.message}`);
    feed(hash, [seat, action, dice.recorded, applied.events, applied.eliminated ?? null]);
    feed(hash, applied.events.map((e) => ruleset.describe(e)));
    feed(hash, applied.state);
    state = applied.state;
    feed(hash, ruleset.summary(state));
  }
}

for (const [id, cases] of Object.entries(CASES)) {
  if (only.length > 0 && !only.includes(id)) continue;
  const ruleset = rulesets.get(id)!;
  for (const { scenario, options, games } of cases) {
    const started = performance.now();
    const hash = createHash("sha256");
    const n = Math.min(GAMES, games ?? GAMES);
    for (let g = 0; g < n; g++) selfPlayInto(hash, ruleset, scenario, options, `fp-${g}`);
    for (let w = 0; w < WALKS; w++) walkInto(hash, ruleset, scenario, options, `fp-walk-${w}`);
    const label = `${id} ${scenario}${Object.keys(options).length ? ` ${JSON.stringify(options)}` : ""}`;
    console.log(`${hash.digest("hex")}  ${label} (${n} games, ${WALKS} walks; ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}
