import { cellsOf, neighbourTable } from "./board";
import { lastMove } from "./lineage";
import { BOT_MAX_MOVES, type DiceWarsAction, type DiceWarsState, EMPTY } from "./state";

/** Rules 8.2: the base priority of an attack the bot expects to lose (A <= D), before its 0.5 A. */
export const RISKY_ATTACK_BASE = -50;

/** Rules 8.2, the seed's move priority, from attack value A = S - 1 and defence D (0 if empty). */
export function movePriority(type: "expand" | "attack", attack: number, defence: number): number {
  const base = type === "attack" ? (attack > defence ? 100 + (attack - defence) : RISKY_ATTACK_BASE) : 50 + attack;
  return base + 0.5 * attack;
}

/**
 * The seed's bot, one action at a time: the best-scoring legal move (earliest in cell and
 * direction order on ties, risky attacks included when nothing else exists), or end_turn
 * when there is none or it has made BOT_MAX_MOVES moves this turn. Uses no randomness.
 */
export function botAction(state: DiceWarsState, player: number): DiceWarsAction {
  if (state.phase !== "play" || player !== state.current || state.moves >= BOT_MAX_MOVES) return { type: "end_turn" };
  const plan = planFor(state, player);
  const { score, movable } = plan;
  let from = -1;
  let best = -Infinity;
  for (let k = 0; k < plan.movableCount; k++) {
    const f = movable[k]!;
    if (score[f]! > best || (score[f] === best && f < from)) {
      best = score[f]!;
      from = f;
    }
  }
  if (from < 0) return { type: "end_turn" };
  const to = plan.target[from]!;
  const cells = cellsOf(state.size);
  return { type: state.owner[to] === EMPTY ? "expand" : "attack", from: cells[from]!, to: cells[to]! };
}

/**
 * Every cell's best move for one player on one board: `score[f]` and `target[f]` for the cells
 * listed in `movable` (in no order; `slot[f]` is f's place there, -1 for a cell with no move).
 * A bot turn asks after every move and a move changes two cells, so the plan of the previous
 * board is brought up to date by rescoring only the cells that differ and their neighbours (a
 * cell's best move depends on it and its neighbours alone). The answer is always the one a full
 * scan gives.
 */
interface Plan {
  player: number;
  /** The board scored: a state's arrays are never mutated, so the same arrays are the same board. */
  blocked: readonly boolean[];
  owner: readonly number[];
  strength: readonly number[];
  score: Float64Array;
  target: Int16Array;
  movable: Int16Array;
  movableCount: number;
  slot: Int16Array;
}

// one plan, its buffers reused by every build (a new typed array costs more than the scan)
let last: Plan | null = null;

function planFor(state: DiceWarsState, player: number): Plan {
  const plan = last;
  if (!plan || plan.player !== player || plan.blocked !== state.blocked || plan.score.length !== state.owner.length) {
    last = build(plan, state, player);
    return last;
  }
  if (plan.owner === state.owner && plan.strength === state.strength) return plan;
  const move = lastMove;
  if (move.ownerBefore === plan.owner && move.strengthBefore === plan.strength && move.ownerAfter === state.owner && move.strengthAfter === state.strength) {
    const table = neighbourTable(state.size);
    // the source stays the player's, and no cell of the player's moves into its own: only it changes
    rescore(plan, state, move.from, table);
    rescoreAround(plan, state, move.to, table);
    plan.owner = state.owner;
    plan.strength = state.strength;
  } else update(plan, state);
  return plan;
}

function build(reuse: Plan | null, state: DiceWarsState, player: number): Plan {
  const cells = state.owner.length;
  const fits = reuse !== null && reuse.score.length === cells;
  const plan: Plan = {
    player,
    blocked: state.blocked,
    owner: state.owner,
    strength: state.strength,
    score: fits ? reuse.score : new Float64Array(cells),
    target: fits ? reuse.target : new Int16Array(cells),
    movable: fits ? reuse.movable : new Int16Array(cells),
    movableCount: 0,
    slot: fits ? reuse.slot.fill(-1) : new Int16Array(cells).fill(-1),
  };
  const table = neighbourTable(state.size);
  for (let f = 0; f < cells; f++) if (state.owner[f] === player) rescore(plan, state, f, table);
  return plan;
}

/** Rescores the cells whose owner or strength changed since the plan's board, and their neighbours. */
function update(plan: Plan, state: DiceWarsState): void {
  const { owner, strength } = state;
  const table = neighbourTable(state.size);
  for (let i = 0; i < owner.length; i++) {
    if (owner[i] !== plan.owner[i] || strength[i] !== plan.strength[i]) rescoreAround(plan, state, i, table);
  }
  plan.owner = owner;
  plan.strength = strength;
}

/** Cell `i` changed: rescores it and its neighbours, whose moves may target it. */
function rescoreAround(plan: Plan, state: DiceWarsState, i: number, table: Int16Array): void {
  rescore(plan, state, i, table);
  for (let d = 0; d < 6; d++) {
    const n = table[i * 6 + d]!;
    if (n >= 0) rescore(plan, state, n, table);
  }
}

/** Rules 8.1-8.2 for one source cell: its best move by priority, earliest direction on ties. */
function rescore(plan: Plan, state: DiceWarsState, f: number, table: Int16Array): void {
  const { owner, strength, blocked } = state;
  const player = plan.player;
  let best = -Infinity;
  let to = -1;
  if (owner[f] === player && strength[f]! >= 2) {
    const attack = strength[f]! - 1;
    for (let d = 0; d < 6; d++) {
      const t = table[f * 6 + d]!;
      if (t < 0 || blocked[t] || owner[t] === player) continue;
      const score = movePriority(owner[t] === EMPTY ? "expand" : "attack", attack, strength[t]!);
      if (score > best) {
        best = score;
        to = t;
      }
    }
  }
  const k = plan.slot[f]!;
  if (to >= 0) {
    plan.score[f] = best;
    plan.target[f] = to;
    if (k < 0) {
      plan.slot[f] = plan.movableCount;
      plan.movable[plan.movableCount++] = f;
    }
  } else if (k >= 0) {
    // the last listed cell takes the place of the one that has no move any more
    const moved = plan.movable[--plan.movableCount]!;
    plan.movable[k] = moved;
    plan.slot[moved] = k;
    plan.slot[f] = -1;
  }
}
