import { describe, expect, it } from "vitest";
import { legalFor } from "../../../worker/engine/dicewars/legal";
import { dicewars } from "../../../worker/engine/dicewars";
import { nextPlayer } from "../../../worker/engine/dicewars/turns";
import type { DiceWarsState } from "../../../worker/engine/dicewars/state";
import { at, board, err, ok, rolls, scriptedRng } from "./helpers";

const END = { type: "end_turn" } as const;

/** Ends the current player's turn with every supply draw at index 0. */
function endTurn(state: DiceWarsState) {
  const seat = dicewars.toAct(state)[0]!;
  return ok(dicewars.apply(state, seat, END, scriptedRng(new Array(50).fill(0))));
}

describe("dicewars turn order, elimination and the end (rules 5, 6.3)", () => {
  // p2's only cell [1,0] sits next to p1's [0,0]; p3 and p4 are elsewhere
  const four = () =>
    board([
      "1:9 2:2 .   3:4",
      ".   .   .   .",
      ".   .   .   .",
      "4:3 .   .   1:1",
    ]);

  it("plays p1..p4 in order and counts rounds", () => {
    let s = four();
    const order: string[] = [];
    for (let i = 0; i < 6; i++) {
      order.push(`${dicewars.toAct(s)[0]}@${s.round}`);
      s = endTurn(s).state;
    }
    expect(order).toEqual(["p1@1", "p2@1", "p3@1", "p4@1", "p1@2", "p2@2"]);
  });

  it("eliminates a middle player the moment it loses its last cell, then skips it", () => {
    const { state, events } = ok(dicewars.apply(four(), "p1", { type: "attack", from: [0, 0], to: [1, 0] }, scriptedRng(rolls(5, 2))));
    expect(at(state, 1, 0)).toEqual([1, 4]);
    expect(state.players.map((p) => p.eliminated)).toEqual([false, true, false, false]);
    expect(events.map((e) => e.kind)).toEqual(["attack", "eliminated"]);
    expect(events[1]).toEqual({ kind: "eliminated", seat: "p2", by: "p1" });
    expect(dicewars.describe(events[1]!)).toBe("P2 (red) has lost its last cell to P1 (green) and is eliminated.");
    expect(state.phase).toBe("play");
    expect(dicewars.outcome(state)).toBeNull();

    let s = state;
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      const applied = endTurn(s);
      s = applied.state;
      order.push(`${dicewars.toAct(s)[0]}@${s.round}`);
    }
    expect(order).toEqual(["p3@1", "p4@1", "p1@2", "p3@2", "p4@2"]);
    // an eliminated seat is never asked and is refused
    expect(err(dicewars.apply(s, "p2", END, scriptedRng())).code).toBe("not_your_turn");
    expect(legalFor(s, "p2")).toMatchObject({ yourTurn: false, moves: [] });
  });

  it("starts a new round when play returns to the lowest surviving player", () => {
    const players = [
      { seat: "p1", eliminated: true },
      { seat: "p2", eliminated: false },
      { seat: "p3", eliminated: true },
      { seat: "p4", eliminated: false },
    ];
    expect(nextPlayer(players, 1)).toEqual({ player: 3, newRound: false });
    expect(nextPlayer(players, 3)).toEqual({ player: 1, newRound: true });
  });

  it("ends the game with the last player standing, without supply", () => {
    const s = board([
      "1:9 3:1",
      ".   .",
    ], { count: 3, players: [
      { seat: "p1", eliminated: false },
      { seat: "p2", eliminated: true },
      { seat: "p3", eliminated: false },
    ] });
    const rng = scriptedRng(rolls(3, 1));
    const { state, events } = ok(dicewars.apply(s, "p1", { type: "attack", from: [0, 0], to: [1, 0] }, rng));
    expect(rng.draws).toBe(2);
    expect(events.map((e) => e.kind)).toEqual(["attack", "eliminated", "game_over"]);
    expect(state.phase).toBe("game_over");
    expect(dicewars.toAct(state)).toEqual([]);
    expect(dicewars.outcome(state)).toEqual({ result: "win", winners: ["p1"], reason: "last_player_standing", line: "P1 (green) wins as the last player standing." });
    expect(dicewars.describe(events[2]!)).toBe("Game over: P1 (green) wins as the last player standing.");
    expect(dicewars.summary(state)).toEqual({
      turn: 1,
      phase: "game_over",
      line: "Game over: P1 (green) wins as the last player standing. (P1 (green) 2 cells, P2 (red) out, P3 (yellow) out)",
    });
    for (const seat of ["p1", "p3"]) {
      const untouched = scriptedRng();
      expect(err(dicewars.apply(state, seat, END, untouched)).code).toBe("game_ended");
      expect(untouched.draws).toBe(0);
    }
    expect(dicewars.bot(state, "p1", scriptedRng())).toEqual(END);
  });

  it("refuses other seats and unknown seats with not_your_turn", () => {
    const s = four();
    const p3 = err(dicewars.apply(s, "p3", END, scriptedRng()));
    expect(p3.code).toBe("not_your_turn");
    expect(p3.message).toBe("It is P1 (green)'s turn, not P3 (yellow)'s");
    const three = board(["1:2 2:2", "3:2 ."]);
    expect(err(dicewars.apply(three, "p4", END, scriptedRng())).code).toBe("not_your_turn");
    expect(err(dicewars.apply(three, "P1", END, scriptedRng())).code).toBe("not_your_turn");
  });

  it("with a round limit, the player with most cells wins when the last round ends", () => {
    // p2 has more cells; p1 more strength
    let s: DiceWarsState = { ...board(["1:48 2:1", "2:1 #"]), roundLimit: 1 };
    s = endTurn(s).state; // p1's supply: its only cell is full
    expect(s.phase).toBe("play");
    const last = endTurn(s);
    expect(last.state.phase).toBe("game_over");
    expect(dicewars.outcome(last.state)).toMatchObject({ result: "win", winners: ["p2"], reason: "round_limit" });
    expect(last.events.at(-1)).toEqual({
      kind: "game_over",
      result: "win",
      winners: ["p2"],
      reason: "round_limit",
      line: "P2 (red) wins at the round limit with the most cells.",
    });
  });

  it("with a round limit, equal cells go to strength, and a full tie is a draw", () => {
    const tied: DiceWarsState = { ...board(["1:5 2:4", ".   #"]), roundLimit: 1, current: 1 };
    expect(dicewars.outcome(ok(dicewars.apply(tied, "p2", END, scriptedRng([0]))).state)).toMatchObject({
      result: "draw",
      winners: ["p1", "p2"],
      reason: "round_limit",
    });
    const notTied: DiceWarsState = { ...board(["1:6 2:4", ".   #"]), roundLimit: 1, current: 1 };
    expect(dicewars.outcome(ok(dicewars.apply(notTied, "p2", END, scriptedRng([0]))).state)).toMatchObject({
      result: "win",
      winners: ["p1"],
    });
  });
});
