import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dicewars } from "../../../worker/engine/dicewars";
import { type DiceWarsState, EMPTY, MAX_STRENGTH } from "../../../worker/engine/dicewars/state";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * A state reached by play: setup from `seed`, then `steps` actions, each a legal move or
 * end_turn of the player to act, picked by the next number in `picks`.
 */
function reach(scenario: string, players: number, seed: number, picks: readonly number[]): DiceWarsState {
  const setup = dicewars.setup(scenario, { players }, rngFromSeed(`p:${seed}`));
  if (isRuleError(setup)) throw new Error(setup.message);
  let state = setup;
  picks.forEach((pick, i) => {
    if (state.phase !== "play") return;
    const seat = dicewars.toAct(state)[0]!;
    const { moves } = dicewars.legal(state, seat) as { moves: { type: string; from: unknown; to: unknown }[] };
    // ends the turn one time in eight, so that turns pass and supply builds up
    const move = moves[pick % Math.max(1, moves.length)];
    const action = pick % 8 === 0 || !move ? { type: "end_turn" } : { type: move.type, from: move.from, to: move.to };
    const applied = dicewars.apply(state, seat, action, rngFromSeed(`d:${seed}:${i}`));
    if (isRuleError(applied)) throw new Error(`a listed move was refused: ${applied.message}`);
    state = applied.state;
  });
  return state;
}

const coord = fc.integer({ min: -2, max: 16 });
const cell = fc.oneof(fc.tuple(coord, coord), fc.jsonValue());
const action = fc.oneof(
  fc.record({ type: fc.constantFrom("expand", "attack"), from: fc.tuple(coord, coord), to: fc.tuple(coord, coord) }),
  fc.record({ type: fc.constantFrom("expand", "attack", "end_turn", "move", ""), from: cell, to: cell }, { requiredKeys: ["type"] }),
  fc.jsonValue(),
  fc.anything(),
);
const state = fc
  .record({
    scenario: fc.constantFrom("10x10", "15x15"),
    players: fc.constantFrom(2, 3, 4),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    picks: fc.array(fc.nat(), { maxLength: 300 }),
  })
  .map(({ scenario, players, seed, picks }) => reach(scenario, players, seed, picks));

function checkBoard(s: DiceWarsState) {
  s.owner.forEach((o, i) => {
    if (s.blocked[i]) expect(o).toBe(EMPTY);
    if (o === EMPTY) expect(s.strength[i]).toBe(0);
    else {
      expect(s.strength[i]).toBeGreaterThanOrEqual(1);
      expect(s.strength[i]).toBeLessThanOrEqual(MAX_STRENGTH);
      expect(s.players[o]!.eliminated).toBe(false);
    }
  });
  s.players.forEach((p, i) => expect(p.eliminated).toBe(!s.owner.includes(i)));
}

describe("dicewars properties over reachable states", () => {
  it("a rejected action leaves the state deep-equal and draws nothing; an accepted one keeps the board valid", () => {
    fc.assert(
      fc.property(state, fc.constantFrom("p1", "p2", "p3", "p4", "p5", ""), action, fc.option(fc.nat()), (s, anySeat, anyAction, pick) => {
        // half the time (pick !== null) a legal move or end_turn of the player to act
        const toAct = dicewars.toAct(s)[0];
        const seat = pick !== null && toAct ? toAct : anySeat;
        const moves = pick !== null && toAct ? (dicewars.legal(s, toAct) as { moves: unknown[] }).moves : [];
        const a = pick === null ? anyAction : (moves[pick % (moves.length + 1)] ?? { type: "end_turn" });
        const before = JSON.stringify(s);
        const copy = structuredClone(s);
        deepFreeze(s); // any mutation throws
        const rng = rngFromSeed("property");
        const result = dicewars.apply(s, seat, a, rng);
        expect(s).toEqual(copy);
        expect(JSON.stringify(s)).toBe(before);
        if (isRuleError(result)) {
          expect(rng.draws).toBe(0);
          expect(result.message.length).toBeGreaterThan(0);
          expect(["wrong_player", "game_over", "bad_action", "off_board", "not_yours", "too_weak", "not_adjacent", "blocked", "own_cell", "not_empty", "not_enemy"]).toContain(result.code);
        } else {
          expect(result.events.length).toBeGreaterThan(0);
          for (const e of result.events) expect(dicewars.describe(e)).toMatch(/^[^\n]+\.$/);
          for (const e of result.events) expect(dicewars.describe(e)).not.toMatch(/undefined|NaN|\[object/);
          expect(dicewars.summary(result.state).line).not.toMatch(/undefined|NaN/);
          checkBoard(result.state);
          expect(JSON.parse(JSON.stringify(result.state))).toEqual(result.state);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the bot's choice is always accepted, and legal() lists exactly the accepted moves of a source", () => {
    fc.assert(
      fc.property(state, (s) => {
        checkBoard(s);
        const seat = dicewars.toAct(s)[0];
        if (seat === undefined) return;
        const botRng = rngFromSeed("bot");
        const choice = dicewars.bot(s, seat, botRng);
        expect(botRng.draws).toBe(0);
        expect(isRuleError(dicewars.apply(s, seat, choice, rngFromSeed("dice")))).toBe(false);
        const { moves } = dicewars.legal(s, seat) as { moves: { from: number[]; to: number[]; type: string }[] };
        const listed = new Set(moves.map((m) => `${m.type} ${m.from} ${m.to}`));
        for (const m of moves.slice(0, 3)) {
          for (let dq = -1; dq <= 1; dq++) {
            for (let dr = -1; dr <= 1; dr++) {
              for (const type of ["expand", "attack"]) {
                const to = [m.from[0]! + dq, m.from[1]! + dr];
                const ok = !isRuleError(dicewars.apply(s, seat, { type, from: m.from, to }, rngFromSeed("dice")));
                expect(ok, `${type} ${m.from} ${to}`).toBe(listed.has(`${type} ${m.from} ${to}`));
              }
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
