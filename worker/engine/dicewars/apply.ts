import type { Rng } from "../rng";
import { type Applied, type Seat, isRuleError, ruleError } from "../ruleset";
import { cellsOf } from "./board";
import type { DiceWarsError } from "./errors";
import type { DiceWarsEvent } from "./events";
import { resolveAttack } from "./combat";
import { checkMove, parseAction } from "./legal";
import { recordMove } from "./lineage";
import { type Cell, type DiceWarsState, type MoveAction, copyState, playerOf, seatLabel, seatOf } from "./state";
import { largestTerritory, supply } from "./supply";
import { checkElimination, passTurn } from "./turns";

type Result = Applied<DiceWarsState, DiceWarsEvent> | DiceWarsError;

/** Validates and applies one action of `seat`. Never throws, never mutates `state`. */
export function applyAction(state: DiceWarsState, seat: Seat, action: unknown, rng: Rng): Result {
  const player = playerOf(state, seat);
  if (player < 0) {
    return ruleError("not_your_turn", `${JSON.stringify(seat) ?? String(seat)} is not a seat of this game (seats: ${state.players.map((p) => p.seat).join(", ")})`, { seat });
  }
  if (state.phase === "game_over") return ruleError("game_ended", "The game is over: no more actions are accepted");
  if (player !== state.current) {
    return ruleError("not_your_turn", `It is ${seatLabel(seatOf(state.current))}'s turn, not ${seatLabel(seat)}'s`, {
      seat,
      toAct: seatOf(state.current),
    });
  }
  const parsed = parseAction(action);
  if (isRuleError(parsed)) return parsed;
  if (parsed.type === "end_turn") return endTurn(state, player, rng);
  return move(state, player, parsed, rng);
}

function move(state: DiceWarsState, player: number, action: MoveAction, rng: Rng): Result {
  const checked = checkMove(state, player, action);
  if (isRuleError(checked)) return checked;
  const { from, to } = checked;
  const seat = seatOf(player);
  const cells = cellsOf(state.size);
  const source = state.strength[from]!;
  const strength = state.strength.slice();
  strength[from] = 1;
  const next = copyState(state);
  next.strength = strength;
  next.moves = state.moves + 1;
  if (action.type === "expand") {
    strength[to] = source - 1;
    next.owner = takeCell(state.owner, to, player);
    recordMove(state.owner, state.strength, next.owner, strength, from, to);
    return { ok: true, state: next, events: [{ kind: "expand", seat, from: cells[from]!, to: cells[to]!, strength: source - 1 }] };
  }
  const defender = state.owner[to]!;
  const combat = resolveAttack(source, strength[to]!, rng);
  strength[to] = combat.targetStrength;
  // written out: spreads into an event make slow objects
  const { attack, defence, attackRoll, defenceRoll, captured, targetStrength } = combat;
  const events: DiceWarsEvent[] = [
    { kind: "attack", seat, defender: seatOf(defender), from: cells[from]!, to: cells[to]!, attack, defence, attackRoll, defenceRoll, captured, targetStrength },
  ];
  // arrays in a state are never mutated, so a failed attack shares the owners it left alone
  if (captured) next.owner = takeCell(state.owner, to, player);
  recordMove(state.owner, state.strength, next.owner, strength, from, to);
  if (!captured) return { ok: true, state: next, events };
  const after = checkElimination(next, defender, player, events);
  return after === next ? { ok: true, state: next, events } : { ok: true, state: after, events, eliminated: [seatOf(defender)] };
}

function takeCell(owner: readonly number[], cell: number, player: number): number[] {
  const next = owner.slice();
  next[cell] = player;
  return next;
}

function endTurn(state: DiceWarsState, player: number, rng: Rng): Applied<DiceWarsState, DiceWarsEvent> {
  const territory = largestTerritory(state.size, state.owner, player);
  const supplied = supply(state.owner, state.strength, player, territory, rng);
  const cells = cellsOf(state.size);
  // only the player's cells can have gained, in cell order
  const gains: { cell: Cell; added: number }[] = [];
  for (let i = 0; i < cells.length; i++) if (supplied.strength[i] !== state.strength[i]) gains.push({ cell: cells[i]!, added: supplied.strength[i]! - state.strength[i]! });
  const events: DiceWarsEvent[] = [{ kind: "supply", seat: seatOf(player), territory, given: supplied.given, lost: supplied.lost, gains }];
  const next = passTurn(state, events, supplied.strength);
  return { ok: true, state: next, events };
}
