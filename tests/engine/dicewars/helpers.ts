import type { Rng } from "../../../worker/engine/rng";
import { isRuleError, type Applied, type GameEvent, type RuleError } from "../../../worker/engine/ruleset";
import { type DiceWarsState, EMPTY, SEATS } from "../../../worker/engine/dicewars/state";
import { dicewars, type DiceWarsOptions } from "../../../worker/engine/dicewars";

/**
 * An Rng that hands out scripted integers (0-based, as `int(n)` returns them) and records
 * each request's `n`. Running out, or a value outside [0, n), throws: a test asking for a
 * draw it did not script is a failing test.
 */
export interface ScriptedRng extends Rng {
  asked: number[];
}

export function scriptedRng(ints: readonly number[] = [], floats: readonly number[] = []): ScriptedRng {
  const queue = [...ints];
  const floatQueue = [...floats];
  const asked: number[] = [];
  let draws = 0;
  return {
    asked,
    get draws() {
      return draws;
    },
    int(n: number) {
      const v = queue.shift();
      if (v === undefined) throw new Error(`unscripted int(${n})`);
      if (!(v >= 0 && v < n)) throw new Error(`scripted ${v} is outside int(${n})`);
      asked.push(n);
      draws++;
      return v;
    },
    float() {
      const v = floatQueue.shift();
      if (v === undefined) throw new Error("unscripted float()");
      draws++;
      return v;
    },
    d6() {
      throw new Error("dicewars never rolls d6");
    },
  };
}

/** An Rng whose every float is `value` (for map generation). */
export function constantRng(value: number): Rng {
  let draws = 0;
  return {
    get draws() {
      return draws;
    },
    float: () => (draws++, value),
    int: (n: number) => (draws++, Math.floor(value * n)),
    d6: () => (draws++, Math.floor(value * 6) + 1),
  };
}

/** Attack roll a (1..A) and defence roll d (1..D) as the two scripted int draws. */
export const rolls = (a: number, d: number) => [a - 1, d - 1];

/**
 * A hand-made board. `rows[r]` lists the cells q = 0..N-1 of row r, separated by spaces:
 * `.` empty, `#` blocked, `2:7` owned by p2 with strength 7.
 */
export function board(rows: readonly string[], opts: Partial<Pick<DiceWarsState, "players" | "current" | "round" | "moves" | "roundLimit">> & { players?: DiceWarsState["players"]; count?: number } = {}): DiceWarsState {
  const size = rows.length;
  const grid = rows.map((row) => row.trim().split(/\s+/));
  const blocked: boolean[] = [];
  const owner: number[] = [];
  const strength: number[] = [];
  for (let q = 0; q < size; q++) {
    for (let r = 0; r < size; r++) {
      const token = grid[r]![q];
      if (token === undefined) throw new Error(`row ${r} has no cell q=${q}`);
      blocked.push(token === "#");
      const m = /^([1-4]):(\d+)$/.exec(token);
      owner.push(m ? Number(m[1]) - 1 : EMPTY);
      strength.push(m ? Number(m[2]) : 0);
      if (!m && token !== "." && token !== "#") throw new Error(`bad token ${token}`);
    }
  }
  const count = opts.count ?? Math.max(2, ...owner.map((o) => o + 1));
  return {
    scenario: "test",
    size,
    roundLimit: opts.roundLimit ?? null,
    players: opts.players ?? SEATS.slice(0, count).map((seat) => ({ seat, eliminated: false })),
    current: opts.current ?? 0,
    round: opts.round ?? 1,
    moves: opts.moves ?? 0,
    phase: "play",
    outcome: null,
    blocked,
    owner,
    strength,
  };
}

/** Owner (1-based seat number, 0 empty) and strength of a cell, for short assertions. */
export function at(state: DiceWarsState, q: number, r: number): [number, number] {
  const i = q * state.size + r;
  return [state.owner[i]! + 1, state.strength[i]!];
}

export function ok<S, E extends GameEvent>(result: Applied<S, E> | RuleError): Applied<S, E> {
  if (isRuleError(result)) throw new Error(`rejected: ${result.code} ${result.message}`);
  return result;
}

export function err<S, E extends GameEvent>(result: Applied<S, E> | RuleError): RuleError {
  if (!isRuleError(result)) throw new Error(`accepted, expected a rejection: ${JSON.stringify(result.events)}`);
  return result;
}

/** Option values as parseOptions completes them; a refusal fails the test at once. */
export function parsed(given: unknown): DiceWarsOptions {
  const options = dicewars.parseOptions(given);
  if (isRuleError(options)) throw new Error(options.message);
  return options;
}
