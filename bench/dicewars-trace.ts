// DiceWars with 3-4 players, one seat strong (or none): where each game is won and lost (issue
// 28 item 2, bench/README.md). Per game: each player's cells (and largest group) when the land
// race ends and when only two players are left, the winner, the game's length in actions, and
// the attacks between the watched seat and each rival, both ways, with how many captured; at the
// end, every player's captures and attacks on every other while three or more are left after the
// race, summed over the games the watched seat won and over those it lost. Seeds
// strong-bench-<from>.. every <step>th, as bench/strong.ts seats its strong side (step 3 from 1:
// p2's games with 3 players).
//   node --import tsx bench/dicewars-trace.ts <board> <players> <seat> <strong | standard> <from> <to> [step]
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError, type Seat } from "../worker/engine/ruleset";
import { largestGroup } from "../worker/engine/dicewars/board";
import { cellIndex, playerOf, type DiceWarsState, type MoveAction } from "../worker/engine/dicewars/state";
import { racing } from "../worker/engine/strong/dicewars-features";
import { botAt } from "../worker/engine/strong";

const [board = "10x10", players = "3", seat = "p2", level = "strong", from = "1", to = "200", step = "3"] = process.argv.slice(2);
const ruleset = rulesets.get("dicewars")!;
const strong = botAt(ruleset, "strong");

const land = (state: DiceWarsState) =>
  state.players.map((_, p) => `${state.owner.filter((o) => o === p).length}(${largestGroup(state.size, state.owner, p)})`).join("/");

let wins = 0;
let games = 0;
let inLastTwo = 0;
let wonFromLastTwo = 0;
let longest = 0;
let over20k = 0;
/** [attacker][defender]: captures and attacks while three or more are left after the race. */
const pairs = () => Array.from({ length: Number(players) }, () => Array.from({ length: Number(players) }, () => ({ captures: 0, attacks: 0 })));
const exchange = { won: pairs(), lost: pairs() };
for (let i = Number(from); i < Number(to); i += Number(step)) {
  const seed = `strong-bench-${i}`;
  let state = setupOrThrow<DiceWarsState>(ruleset, board, { players: Number(players) }, seed);
  const rngs = seededRngs(seed);
  const me = playerOf(state, seat);
  let raceEnd = "";
  let lastTwo = "";
  let meInLastTwo = false;
  let actions = 0;
  // over the whole game, and while three or more are left after the race
  const whole = pairs();
  const between = pairs();
  for (; actions < 200_000; actions++) {
    const who = ruleset.toAct(state)[0];
    if (who === undefined) break;
    const action = who === seat && level === "strong" ? strong(state, who, rngs.bot(actions)) : ruleset.bot(state, who, rngs.bot(actions));
    const applied = ruleset.apply(state, who, action, new RecordingRng(rngs.dice(actions)));
    if (isRuleError(applied)) throw new Error(`${who}: ${applied.message}`);
    const before = state;
    state = applied.state as DiceWarsState;
    if ((action as MoveAction).type === "attack") {
      const target = cellIndex(state.size, (action as MoveAction).to);
      const attacker = playerOf(state, who);
      const defender = before.owner[target]!;
      const captured = state.owner[target] === attacker ? 1 : 0;
      // the race is over once raceEnd is set (no cell is ever left empty again), and three are left while lastTwo is not
      for (const counted of raceEnd && !lastTwo ? [whole, between] : [whole]) {
        counted[attacker]![defender]!.attacks++;
        counted[attacker]![defender]!.captures += captured;
      }
    }
    if (!raceEnd && !racing(state)) raceEnd = `race over in round ${state.round}: ${land(state)}`;
    if (!lastTwo && state.players.filter((p) => !p.eliminated).length === 2) {
      lastTwo = `two left in round ${state.round}: ${land(state)}`;
      meInLastTwo = !state.players[me]!.eliminated;
    }
  }
  const outcome = ruleset.outcome(state);
  const winners: Seat[] = outcome?.result === "win" ? outcome.winners : [];
  games++;
  if (winners.includes(seat)) wins++;
  const sums = exchange[winners.includes(seat) ? "won" : "lost"];
  between.forEach((row, a) =>
    row.forEach((pair, d) => {
      sums[a]![d]!.captures += pair.captures;
      sums[a]![d]!.attacks += pair.attacks;
    }),
  );
  longest = Math.max(longest, actions);
  if (actions > 20_000) over20k++;
  if (meInLastTwo) {
    inLastTwo++;
    if (winners.includes(seat)) wonFromLastTwo++;
  }
  const exchanges = state.players
    .map((p, k) => (k === me ? "" : `${seat}→${p.seat} ${whole[me]![k]!.captures}/${whole[me]![k]!.attacks}, ${p.seat}→${seat} ${whole[k]![me]!.captures}/${whole[k]![me]!.attacks}`))
    .filter(Boolean)
    .join("; ");
  console.log(`${seed} | ${raceEnd} | ${lastTwo || "-"} | won by ${winners.join() || "nobody"} in round ${state.round}, ${actions} actions | captures/attacks ${exchanges}`);
}
console.log(`${board}, ${players} players, ${seat} ${level}: won ${wins} of ${games}; among the last two in ${inLastTwo}, won ${wonFromLastTwo} of those; the longest game ${longest} actions, ${over20k} over 20,000`);
for (const result of ["won", "lost"] as const) {
  console.log(`games ${seat} ${result}, while three or more were left after the race: captures/attacks`);
  exchange[result].forEach((row, a) =>
    console.log(`  p${a + 1} on ${row.map((pair, d) => (a === d ? "" : `p${d + 1} ${pair.captures}/${pair.attacks} (${((100 * pair.captures) / Math.max(1, pair.attacks)).toFixed(0)}%)`)).filter(Boolean).join(", ")}`),
  );
}
