import { describe, expect, it } from "vitest";
import { legalFor } from "../../../worker/engine/dicewars/legal";
import { dicewars } from "../../../worker/engine/dicewars";
import { movePriority } from "../../../worker/engine/dicewars/bot";
import { type DiceWarsState, EMPTY } from "../../../worker/engine/dicewars/state";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";
import { board, scriptedRng , parsed } from "./helpers";

const choose = (state: DiceWarsState, seat = "p1") => {
  const rng = scriptedRng();
  const action = dicewars.bot(state, seat, rng);
  expect(rng.draws).toBe(0); // the bot has no randomness of its own
  return action;
};

/** Plays the current player's whole turn with the bot: its actions, the state before the last one, and after. */
function botTurn(state: DiceWarsState, seed = "turn") {
  const seat = dicewars.toAct(state)[0]!;
  const actions: unknown[] = [];
  let s = state;
  for (;;) {
    const before = s;
    const action = dicewars.bot(s, seat, rngFromSeed(`bot:${actions.length}`));
    actions.push(action);
    const applied = dicewars.apply(s, seat, action, rngFromSeed(`${seed}:${actions.length}`));
    if (isRuleError(applied)) throw new Error(applied.message);
    s = applied.state;
    if ((action as { type: string }).type === "end_turn" || s.phase === "game_over") return { actions, before, state: s };
  }
}

describe("dicewars bot (rules 8)", () => {
  it("scores moves as the seed does, with attack value S - 1", () => {
    expect(movePriority("attack", 7, 3)).toBe(100 + 4 + 3.5);
    expect(movePriority("attack", 3, 3)).toBe(-50 + 1.5);
    expect(movePriority("attack", 1, 5)).toBe(-50 + 0.5);
    expect(movePriority("expand", 7, 0)).toBe(50 + 7 + 3.5);
    // a favourable attack beats any expansion (expansion peaks at 50 + 47 * 1.5 = 120.5 only with A = 47)
    expect(movePriority("attack", 2, 1)).toBeGreaterThan(movePriority("expand", 20, 0));
  });

  it("prefers a favourable attack to expansion", () => {
    expect(choose(board(["1:8 2:3", ".   ."]))).toEqual({ type: "attack", from: [0, 0], to: [1, 0] });
  });

  it("prefers the attack with the larger margin", () => {
    // [0,1] (A 9) against [1,0] (D 7) scores 100 + 2 + 4.5; [0,1] against [1,1] (D 2): 100 + 7 + 4.5
    expect(choose(board(["1:2 2:7", "1:10 2:2"]))).toEqual({ type: "attack", from: [0, 1], to: [1, 1] });
  });

  it("expands rather than attack when the attack is risky", () => {
    expect(choose(board(["1:6 2:9", ".   ."]))).toEqual({ type: "expand", from: [0, 0], to: [0, 1] });
  });

  it("still makes a risky attack when nothing better exists", () => {
    expect(choose(board(["1:4 2:9", "#   ."]))).toEqual({ type: "attack", from: [0, 0], to: [1, 0] });
  });

  it("breaks ties by the earliest source in cell order, then direction order", () => {
    // [0,0] can expand into [1,0] (direction 0) and [0,1] (direction 5): direction 0 first
    expect(choose(board(["1:5 .", ".   2:1"]))).toEqual({ type: "expand", from: [0, 0], to: [1, 0] });
    // two equal sources: [0,1] (index 1) before [1,0] (index 2)
    expect(choose(board(["#   1:5 .", "1:5 .   .", ".   .   2:1"]))).toEqual({ type: "expand", from: [0, 1], to: [1, 1] });
  });

  it("never moves from strength 1 and ends the turn when it cannot move", () => {
    expect(choose(board(["1:1 2:1", ".   ."]))).toEqual({ type: "end_turn" });
    expect(choose(board(["1:9 1:9", "1:9 1:9"], { count: 2 }))).toEqual({ type: "end_turn" });
  });

  it("answers end_turn when it is not that seat's turn", () => {
    expect(choose(board(["1:8 2:3", ".   ."]), "p2")).toEqual({ type: "end_turn" });
  });

  it("makes at most 50 moves in a turn", () => {
    // 12 x 12: p1 holds every even row with strength 2, each cell above an empty one: 72 expansions
    const rows = Array.from({ length: 12 }, (_, r) =>
      Array.from({ length: 12 }, (_, q) => (r === 11 && q === 11 ? "2:1" : r % 2 === 0 ? "1:2" : ".")).join(" "),
    );
    const { actions, state } = botTurn(board(rows));
    expect(actions.length).toBe(51);
    expect(actions.slice(0, 50).every((a) => (a as { type: string }).type === "expand")).toBe(true);
    expect(actions[50]).toEqual({ type: "end_turn" });
    expect(state.current).toBe(1);
  });

  it("plays a turn until no move is left, every action legal, and the same way twice", () => {
    const setup = dicewars.setup("15x15", parsed({}), rngFromSeed("bot-turn"));
    if (isRuleError(setup)) throw new Error(setup.message);
    let s = setup;
    for (let turn = 0; turn < 40; turn++) {
      const a = botTurn(s, `t${turn}`);
      const b = botTurn(s, `t${turn}`);
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      // it ends the turn only when no move is left, or after 50 moves
      const seat = dicewars.toAct(a.before)[0]!;
      if (a.state.phase === "play") {
        const left = (legalFor(a.before, seat) as { moves: unknown[] }).moves.length;
        expect(left === 0 || a.actions.length === 51).toBe(true);
      }
      s = a.state;
      if (s.phase === "game_over") break;
    }
  });

  it("always picks what a plain scan of rules 8.1-8.4 picks, however the state was reached", () => {
    // the bot keeps its last answer and updates it after a move; this scans from scratch
    const reference = (st: DiceWarsState): unknown => {
      if (st.phase !== "play" || st.moves >= 50) return { type: "end_turn" };
      const n = st.size;
      let best: { score: number; action: unknown } | null = null;
      for (let q = 0; q < n; q++) {
        for (let r = 0; r < n; r++) {
          const f = q * n + r;
          if (st.owner[f] !== st.current || st.strength[f]! < 2) continue;
          for (const [dq, dr] of [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]] as const) {
            const [tq, tr] = [q + dq, r + dr];
            if (tq < 0 || tr < 0 || tq >= n || tr >= n) continue;
            const t = tq * n + tr;
            if (st.blocked[t] || st.owner[t] === st.current) continue;
            const type = st.owner[t] === EMPTY ? "expand" : "attack";
            const score = movePriority(type, st.strength[f]! - 1, st.strength[t]!);
            if (!best || score > best.score) best = { score, action: { type, from: [q, r], to: [tq, tr] } };
          }
        }
      }
      return best ? best.action : { type: "end_turn" };
    };
    for (let g = 0; g < 4; g++) {
      const setup = dicewars.setup(g % 2 ? "10x10" : "15x15", parsed({ players: 2 + (g % 3) }), rngFromSeed(`ref-${g}`));
      if (isRuleError(setup)) throw new Error(setup.message);
      let s = setup;
      for (let i = 0; i < 1500 && s.phase === "play"; i++) {
        const seat = dicewars.toAct(s)[0]!;
        const chosen = dicewars.bot(s, seat, rngFromSeed("unused"));
        expect(chosen, `game ${g} action ${i}`).toEqual(reference(s));
        // every few actions, go on with another legal move than the bot's, or through JSON
        const legal = (legalFor(s, seat)).moves;
        const other = legal[i % Math.max(1, legal.length)];
        const action = i % 5 === 3 && other ? { type: other.type, from: other.from, to: other.to } : chosen;
        const next = dicewars.apply(s, seat, action, rngFromSeed(`ref-${g}-${i}`));
        if (isRuleError(next)) throw new Error(next.message);
        s = i % 7 === 6 ? JSON.parse(JSON.stringify(next.state)) : next.state;
        if (i % 11 === 10) expect(dicewars.bot(setup, "p1", rngFromSeed("unused"))).toEqual(reference(setup));
      }
    }
  });
});
