// DiceWars: the standard computer against itself, one seat playing a variant of it with no search
// (issue 28 item 2, bench/README.md: which play beats the standard policy in the long end). Each
// variant is the standard policy (rules 8) with some moves left out: attacks below a capture
// chance (6.2), the same only once the land race is over, or attacks chosen by whom they hit.
// Last, the strong seat's own policy with 3-4 players (strong/dicewars-policy.ts), alone.
// Seeds strong-bench-0.. as bench/strong.ts. Prints only.
//   node --import tsx bench/dicewars-policies.ts <board> <players> <seat> [games] [variant names containing]
import { rulesets } from "../worker/engine/registry";
import { seededRngs, setupOrThrow } from "../worker/engine/bot-play";
import { RecordingRng } from "../worker/engine/rng";
import { isRuleError, type Seat } from "../worker/engine/ruleset";
import { neighbourTable } from "../worker/engine/dicewars/board";
import { movePriority } from "../worker/engine/dicewars/bot";
import { listMoves, type LegalMove } from "../worker/engine/dicewars/legal";
import { nextPlayer } from "../worker/engine/dicewars/turns";
import { BOT_MAX_MOVES, cellIndex, playerOf, type Cell, type DiceWarsAction, type DiceWarsState } from "../worker/engine/dicewars/state";
import { captureChance, racing } from "../worker/engine/strong/dicewars-features";
import { diceWarsOwnAction } from "../worker/engine/strong/dicewars-policy";

/** Whether the variant may make `move` (the standard may make every one). */
type Allowed = (state: DiceWarsState, me: number, move: LegalMove) => boolean;

/** The standard policy's choice (rules 8.2, earliest of listMoves' order on ties) among the moves `allowed` lets through, or end_turn. */
function restricted(allowed: Allowed) {
  return (state: DiceWarsState, me: number): DiceWarsAction => {
    if (state.phase !== "play" || state.current !== me || state.moves >= BOT_MAX_MOVES) return { type: "end_turn" };
    let best: LegalMove | null = null;
    let bestScore = -Infinity;
    for (const move of listMoves(state, me)) {
      if (!allowed(state, me, move)) continue;
      const score = movePriority(move.type, move.attack, move.defence);
      if (score > bestScore) {
        bestScore = score;
        best = move;
      }
    }
    return best ? { type: best.type, from: best.from, to: best.to } : { type: "end_turn" };
  };
}

/** The next player in turn order still in the game (rules 5; only reached while two or more are). */
const nextOf = (state: DiceWarsState, me: number): number => nextPlayer(state.players, me).player;

function borders(state: DiceWarsState, cell: Cell, player: number): boolean {
  const table = neighbourTable(state.size);
  const i = cellIndex(state.size, cell);
  for (let d = 0; d < 6; d++) {
    const n = table[i * 6 + d]!;
    if (n >= 0 && state.owner[n] === player) return true;
  }
  return false;
}

const isAttack = (move: LegalMove) => move.type === "attack";
const targetOwner = (state: DiceWarsState, move: LegalMove) => state.owner[cellIndex(state.size, move.to)];
const chance = (move: LegalMove) => captureChance(move.attack + 1, move.defence);
const moreThanTwoLeft = (state: DiceWarsState) => state.players.filter((p) => !p.eliminated).length > 2;
const atLeast = (c: number): Allowed => (_s, _me, m) => !isAttack(m) || chance(m) >= c;
const afterTheRace = (allowed: Allowed): Allowed => (s, me, m) => racing(s) || allowed(s, me, m);

const VARIANTS: readonly [string, Allowed][] = [
  ["standard", () => true],
  ...[0.001, 0.1, 0.2, 0.3, 0.5, 0.7].map((c): [string, Allowed] => [`no attack below a capture chance of ${c}`, atLeast(c)]),
  ...[0.001, 0.2, 0.4].map((c): [string, Allowed] => [`the same, ${c}, once the race is over`, afterTheRace(atLeast(c))]),
  ["never attacks the next player (while more than two are in)", (s, me, m) => !isAttack(m) || targetOwner(s, m) !== nextOf(s, me) || !moreThanTwoLeft(s)],
  ["attacks only the next player (while more than two are in)", (s, me, m) => !isAttack(m) || targetOwner(s, m) === nextOf(s, me) || !moreThanTwoLeft(s)],
  ["no attack below 0.5 from cells next to the next player", (s, me, m) => !isAttack(m) || !borders(s, m.from, nextOf(s, me)) || chance(m) >= 0.5],
  ["attacks from cells next to the next player only on it", (s, me, m) => !isAttack(m) || !borders(s, m.from, nextOf(s, me)) || targetOwner(s, m) === nextOf(s, me)],
];

const ruleset = rulesets.get("dicewars")!;

type Policy = (state: DiceWarsState, me: number) => DiceWarsAction;

const POLICIES: readonly [string, Policy][] = [
  ...VARIANTS.map(([name, allowed]): [string, Policy] => [name, restricted(allowed)]),
  ["the strong seat's own policy (strong/dicewars-policy.ts)", diceWarsOwnAction],
];

function winner(board: string, players: number, seed: string, seat: Seat, variant: Policy): Seat[] {
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

const [board = "10x10", players = "3", seat = "p2", games = "200", only = ""] = process.argv.slice(2);
for (const [name, variant] of POLICIES) {
  if (!name.includes(only)) continue;
  let wins = 0;
  for (let i = 0; i < Number(games); i++) if (winner(board, Number(players), `strong-bench-${i}`, seat, variant).includes(seat)) wins++;
  console.log(`${board} ${players} players, ${seat}: ${name}: ${wins} of ${games}`);
}
