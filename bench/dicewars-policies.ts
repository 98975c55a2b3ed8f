// DiceWars: the standard computer against itself, one seat playing a variant of it with no search
// (issue 28 item 2, bench/README.md: which play beats the standard policy in the long end). Each
// variant is the standard policy (rules 8) with some moves left out: attacks below a capture
// chance (6.2), the same only once the land race is over, or attacks chosen by whom they hit.
// Seeds strong-bench-0.. as bench/strong.ts. Prints only.
//   node --import tsx bench/dicewars-policies.ts <board> <players> <seat> [games]
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError, type Seat } from "../worker/engine/ruleset";
import { cellsOf, neighbourTable } from "../worker/engine/dicewars/board";
import { movePriority } from "../worker/engine/dicewars/bot";
import { BOT_MAX_MOVES, EMPTY, playerOf, type DiceWarsAction, type DiceWarsState } from "../worker/engine/dicewars/state";
import { captureChance, racing } from "../worker/engine/strong/dicewars-features";

/** Whether the variant may make the move from cell `from` to neighbour `to` (the standard may make every one). */
type Allowed = (state: DiceWarsState, me: number, from: number, to: number) => boolean;

/** The standard policy's choice among the moves `allowed` lets through, or end_turn. */
function restricted(allowed: Allowed) {
  return (state: DiceWarsState, me: number): DiceWarsAction => {
    if (state.phase !== "play" || state.current !== me || state.moves >= BOT_MAX_MOVES) return { type: "end_turn" };
    const table = neighbourTable(state.size);
    let best = -Infinity;
    let from = -1;
    let to = -1;
    for (let f = 0; f < state.owner.length; f++) {
      if (state.owner[f] !== me || state.strength[f]! < 2) continue;
      for (let d = 0; d < 6; d++) {
        const t = table[f * 6 + d]!;
        if (t < 0 || state.blocked[t] || state.owner[t] === me || !allowed(state, me, f, t)) continue;
        const score = movePriority(state.owner[t] === EMPTY ? "expand" : "attack", state.strength[f]! - 1, state.strength[t]!);
        if (score > best) {
          best = score;
          from = f;
          to = t;
        }
      }
    }
    if (from < 0) return { type: "end_turn" };
    const cells = cellsOf(state.size);
    return { type: state.owner[to] === EMPTY ? "expand" : "attack", from: cells[from]!, to: cells[to]! };
  };
}

/** The next player in turn order still in the game, or -1. */
function nextPlayer(state: DiceWarsState, me: number): number {
  const count = state.players.length;
  for (let k = 1; k < count; k++) if (!state.players[(me + k) % count]!.eliminated) return (me + k) % count;
  return -1;
}

function borders(state: DiceWarsState, cell: number, player: number): boolean {
  const table = neighbourTable(state.size);
  for (let d = 0; d < 6; d++) {
    const n = table[cell * 6 + d]!;
    if (n >= 0 && state.owner[n] === player) return true;
  }
  return false;
}

const isAttack = (state: DiceWarsState, to: number) => state.owner[to] !== EMPTY;
const moreThanTwoLeft = (state: DiceWarsState) => state.players.filter((p) => !p.eliminated).length > 2;
const atLeast = (chance: number): Allowed => (state, _me, f, t) => !isAttack(state, t) || captureChance(state.strength[f]!, state.strength[t]!) >= chance;
const afterTheRace = (allowed: Allowed): Allowed => (state, me, f, t) => racing(state) || allowed(state, me, f, t);

const VARIANTS: readonly [string, Allowed][] = [
  ["standard", () => true],
  ...[0.001, 0.1, 0.2, 0.3, 0.5, 0.7].map((c): [string, Allowed] => [`no attack below a capture chance of ${c}`, atLeast(c)]),
  ...[0.001, 0.2, 0.4].map((c): [string, Allowed] => [`the same, ${c}, once the race is over`, afterTheRace(atLeast(c))]),
  ["never attacks the next player (while more than two are in)", (s, me, _f, t) => !isAttack(s, t) || s.owner[t] !== nextPlayer(s, me) || !moreThanTwoLeft(s)],
  ["attacks only the next player (while more than two are in)", (s, me, _f, t) => !isAttack(s, t) || s.owner[t] === nextPlayer(s, me) || !moreThanTwoLeft(s)],
  ["no attack below 0.5 from cells next to the next player", (s, me, f, t) => !isAttack(s, t) || !borders(s, f, nextPlayer(s, me)) || captureChance(s.strength[f]!, s.strength[t]!) >= 0.5],
  ["attacks from cells next to the next player only on it", (s, me, f, t) => !isAttack(s, t) || !borders(s, f, nextPlayer(s, me)) || s.owner[t] === nextPlayer(s, me)],
];

const ruleset = rulesets.get("dicewars")!;

function winner(board: string, players: number, seed: string, seat: Seat, variant: ReturnType<typeof restricted>): Seat[] {
  let state = setupOrThrow<DiceWarsState>(ruleset, board, { players }, seed);
  const rngs = seededRngs(seed);
  for (let index = 0; index < 200_000; index++) {
    const who = ruleset.toAct(state)[0];
    if (who === undefined) break;
    const action = who === seat ? variant(state, playerOf(state, seat)) : ruleset.bot(state, who, rngs.bot(index));
    const applied = ruleset.apply(state, who, action, new RecordingRng(rngs.dice(index)));
    if (isRuleError(applied)) throw new Error(`${seat}: ${applied.message}`);
    state = applied.state as DiceWarsState;
  }
  const outcome = ruleset.outcome(state);
  return outcome?.result === "win" ? outcome.winners : [];
}

const [board = "10x10", players = "3", seat = "p2", games = "200"] = process.argv.slice(2);
for (const [name, allowed] of VARIANTS) {
  const variant = restricted(allowed);
  let wins = 0;
  for (let i = 0; i < Number(games); i++) if (winner(board, Number(players), `strong-bench-${i}`, seat, variant).includes(seat)) wins++;
  console.log(`${board} ${players} players, ${seat}: ${name}: ${wins} of ${games}`);
}
