import { describe, expect, it } from "vitest";
import { legalFor } from "../../../worker/engine/dicewars/legal";
import { dicewars } from "../../../worker/engine/dicewars";
import { board, err, ok, scriptedRng } from "./helpers";

// p1 at [0,0] (8) and [1,1] (1); p2 at [1,0]; [0,1] empty; [2,0] blocked; [2,2] p2
const s = () =>
  board([
    "1:8 2:3 #",
    ".   1:1 .",
    ".   .   2:2",
  ]);

const attempt = (action: unknown, seat = "p1") => {
  const state = s();
  const before = JSON.stringify(state);
  const rng = scriptedRng();
  const result = err(dicewars.apply(state, seat, action, rng));
  expect(rng.draws).toBe(0);
  expect(JSON.stringify(state)).toBe(before);
  return result;
};

describe("dicewars action validation", () => {
  it.each([
    null,
    undefined,
    42,
    "end_turn",
    [],
    [{ type: "end_turn" }],
    {},
    { type: "END_TURN" },
    { type: 3 },
    { type: "move", from: [0, 0], to: [0, 1] },
    { type: "expand" },
    { type: "expand", from: [0, 0] },
    { type: "expand", from: "0,0", to: [0, 1] },
    { type: "attack", from: [0, 0], to: [1] },
    { type: "attack", from: [0, 0], to: [1, 0, 0] },
    { type: "attack", from: [0, 0.5], to: [1, 0] },
    { type: "attack", from: [0, 0], to: ["1", "0"] },
    { type: "attack", from: { q: 0, r: 0 }, to: [1, 0] },
    { type: "attack", from: [0, 0], to: [1, null] },
  ])("%j is bad_action", (action) => {
    const e = attempt(action);
    expect(e.code).toBe("bad_action");
    expect(e.message.length).toBeGreaterThan(10);
  });

  it.each([
    [{ type: "expand", from: [0, 0], to: [-1, 0] }, "off_board", "[-1,0] is not on the 3×3 board"],
    [{ type: "attack", from: [3, 0], to: [2, 0] }, "off_board", "[3,0] is not on the 3×3 board"],
    [{ type: "expand", from: [0, 1], to: [0, 2] }, "not_yours", "Cannot expand from 0102: a move starts from one of your own cells and it is empty"],
    [{ type: "attack", from: [1, 0], to: [0, 0] }, "not_yours", "Cannot attack from 0201: a move starts from one of your own cells and it belongs to P2 (red)"],
    [{ type: "attack", from: [2, 0], to: [1, 0] }, "not_yours", "Cannot attack from 0302: a move starts from one of your own cells and it is blocked"],
    [{ type: "expand", from: [1, 1], to: [2, 1] }, "too_weak", "Cannot expand from 0202: a cell needs strength 2 or more to move and it has 1"],
    [{ type: "expand", from: [0, 0], to: [0, 2] }, "not_adjacent", "Cannot expand from 0101 to 0103: the target must be one of the six adjacent cells"],
    [{ type: "attack", from: [0, 0], to: [1, 1] }, "not_adjacent", "Cannot attack from 0101 to 0202: the target must be one of the six adjacent cells"],
    [{ type: "expand", from: [0, 0], to: [0, 0] }, "not_adjacent", "Cannot expand from 0101 to 0101: the target must be one of the six adjacent cells"],
    [{ type: "expand", from: [0, 0], to: [1, 0] }, "not_empty", "Cannot expand into 0201: it belongs to P2 (red); attack it instead"],
    [{ type: "attack", from: [0, 0], to: [0, 1] }, "not_enemy", "Cannot attack 0102: it is empty; expand into it instead"],
  ] as const)("%j is %s", (action, code, message) => {
    const e = attempt(action);
    expect(e.code).toBe(code);
    expect(e.message).toContain(message);
  });

  it("never targets your own cell or a blocked one", () => {
    const own = board(["1:5 1:1", "#   ."]);
    const e = err(dicewars.apply(own, "p1", { type: "expand", from: [0, 0], to: [1, 0] }, scriptedRng()));
    expect(e.code).toBe("own_cell");
    expect(e.message).toBe("Cannot expand 0201 from 0101: it is already yours, and your own cells are never targets");
    expect(err(dicewars.apply(own, "p1", { type: "attack", from: [0, 0], to: [1, 0] }, scriptedRng())).code).toBe("own_cell");
    const blocked = err(dicewars.apply(own, "p1", { type: "expand", from: [0, 0], to: [0, 1] }, scriptedRng()));
    expect(blocked.code).toBe("blocked");
    expect(blocked.message).toBe("Cannot expand into 0102: it is blocked and can never be entered");
  });

  it("ignores fields it does not know and accepts end_turn any time on your turn", () => {
    ok(dicewars.apply(s(), "p1", { type: "expand", from: [0, 0], to: [0, 1], note: "hi" }, scriptedRng()));
    const state = s();
    ok(dicewars.apply(state, "p1", { type: "end_turn" }, scriptedRng([0, 0])));
    expect(JSON.stringify(state)).toBe(JSON.stringify(s())); // not mutated by an accepted action either
  });
});

describe("dicewars legal moves", () => {
  it("lists every move of the player to act, by source in cell order then direction order", () => {
    const legal = legalFor(s(), "p1");
    expect(legal).toEqual({
      seat: "p1",
      yourTurn: true,
      endTurn: true,
      sources: [[0, 0]],
      moves: [
        { type: "attack", from: [0, 0], to: [1, 0], attack: 7, defence: 3 },
        { type: "expand", from: [0, 0], to: [0, 1], attack: 7, defence: 0 },
      ],
    });
  });

  it("filters by source with ?from=q,r and is empty for a seat that is not to act", () => {
    const state = board(["1:3 .", "1:4 2:2"]);
    expect(legalFor(state, "p1", { from: "0,1" })).toMatchObject({
      sources: [[0, 1]],
      moves: [
        { type: "attack", from: [0, 1], to: [1, 1] },
        { type: "expand", from: [0, 1], to: [1, 0] },
      ],
    });
    expect(legalFor(state, "p1", { from: "5,5" })).toMatchObject({ sources: [], moves: [] });
    expect(legalFor(state, "p2")).toEqual({ seat: "p2", yourTurn: false, endTurn: false, sources: [], moves: [] });
    expect(legalFor(state, "nobody")).toMatchObject({ yourTurn: false, moves: [] });
  });

  it("every listed move is accepted", () => {
    const state = board(["1:3 .  2:9", "1:4 2:2 .", ".   #  1:2"]);
    const legal = legalFor(state, "p1");
    expect(legal.moves.length).toBeGreaterThan(3);
    for (const m of legal.moves) ok(dicewars.apply(state, "p1", { type: m.type, from: m.from, to: m.to }, scriptedRng([0, 0])));
  });
});
