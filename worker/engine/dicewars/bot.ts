import { neighbourTable } from "./board";
import { moveBefore } from "./lineage";
import { BOT_MAX_MOVES, type DiceWarsAction, type DiceWarsState, EMPTY, cellAt } from "./state";

/** Rules 8.2, the seed's move priority, from attack value A = S - 1 and defence D (0 if empty). */
export function movePriority(type: "expand" | "attack", attack: number, defence: number): number {
  const base = type === "attack" ? (attack > defence ? 100 + (attack - defence) : -50) : 50 + attack;
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
  let best = -1;
  for (let k = 0; k < plan.cells.length; k++) if (best < 0 || plan.scores[k]! > plan.scores[best]!) best = k;
  if (best < 0) return { type: "end_turn" };
  const from = plan.cells[best]!;
  const to = plan.targets[best]!;
  return {
    type: state.owner[to] === EMPTY ? "expand" : "attack",
    from: cellAt(state.size, from),
    to: cellAt(state.size, to),
  };
}

/**
 * Every cell of `player` that has a move, in cell order, with its best move. A bot turn asks
 * after every move and a move changes two cells, so the plan of the previous board is
 * updated rather than rebuilt when `moveBefore` says this board was made from it by one
 * move. The answer is always the one a full scan gives.
 */
interface Plan {
  state: DiceWarsState;
  player: number;
  cells: number[];
  scores: number[];
  targets: number[];
}

let last: Plan | null = null;

function planFor(state: DiceWarsState, player: number): Plan {
  if (last && last.player === player && sameBoard(last.state, state)) return last;
  const link = moveBefore(state);
  if (last && link && last.player === player && sameBoard(last.state, link) && update(last, state, link.from, link.to)) return last;
  last = build(state, player);
  return last;
}

/** A plan depends on the board alone, and boards are never mutated: same arrays, same board. */
function sameBoard(a: { owner: readonly number[]; strength: readonly number[] }, b: { owner: readonly number[]; strength: readonly number[] }): boolean {
  return a.owner === b.owner && a.strength === b.strength;
}

function build(state: DiceWarsState, player: number): Plan {
  const table = neighbourTable(state.size);
  const plan: Plan = { state, player, cells: [], scores: [], targets: [] };
  for (let f = 0; f < state.owner.length; f++) {
    if (state.owner[f] !== player || state.strength[f]! < 2) continue;
    const [score, to] = bestFrom(state, player, f, table);
    if (to >= 0) {
      plan.cells.push(f);
      plan.scores.push(score);
      plan.targets.push(to);
    }
  }
  return plan;
}

/** After one move from `from` into `to`: only `to` and the cells around it can differ. */
function update(plan: Plan, state: DiceWarsState, from: number, to: number): boolean {
  const k = plan.cells.indexOf(from);
  if (k < 0) return false;
  remove(plan, k); // the source is down to strength 1
  const table = neighbourTable(state.size);
  set(plan, state, to, table);
  for (let d = 0; d < 6; d++) {
    const n = table[to * 6 + d]!;
    if (n >= 0 && plan.cells.includes(n)) set(plan, state, n, table);
  }
  plan.state = state;
  return true;
}

/** Puts cell `f` in the plan with its best move, or takes it out if it has none. */
function set(plan: Plan, state: DiceWarsState, f: number, table: Int16Array): void {
  const [score, to] = state.owner[f] === plan.player && state.strength[f]! >= 2 ? bestFrom(state, plan.player, f, table) : [0, -1];
  let k = 0;
  while (k < plan.cells.length && plan.cells[k]! < f) k++;
  const present = plan.cells[k] === f;
  if (to < 0) {
    if (present) remove(plan, k);
  } else if (present) {
    plan.scores[k] = score;
    plan.targets[k] = to;
  } else {
    plan.cells.splice(k, 0, f);
    plan.scores.splice(k, 0, score);
    plan.targets.splice(k, 0, to);
  }
}

function remove(plan: Plan, k: number): void {
  plan.cells.splice(k, 1);
  plan.scores.splice(k, 1);
  plan.targets.splice(k, 1);
}

/** Rules 8.1-8.2 for one source cell: its best move by priority, earliest direction on ties. */
function bestFrom(state: DiceWarsState, player: number, f: number, table: Int16Array): [score: number, to: number] {
  const { owner, strength, blocked } = state;
  const attack = strength[f]! - 1;
  let best = -Infinity;
  let to = -1;
  for (let d = 0; d < 6; d++) {
    const t = table[f * 6 + d]!;
    if (t < 0 || blocked[t] || owner[t] === player) continue;
    const score = movePriority(owner[t] === EMPTY ? "expand" : "attack", attack, strength[t]!);
    if (score > best) {
      best = score;
      to = t;
    }
  }
  return [best, to];
}
