import { describe, expect, it } from "vitest";
import { musket, type MusketState } from "../../../worker/engine/musket";
import { activated, eventOf, floats, kinds, play, position, refused, unit, type UnitSpec } from "./helpers";

type Hex = [number, number];

/** Ends both player turns of the current game turn (blue moves first). */
function endGameTurn(s: MusketState) {
  const first = play(s, { type: "end_turn" });
  const second = play(first.state, { type: "end_turn" });
  return { state: second.state, events: [...first.events, ...second.events] };
}

const armies: UnitSpec[] = [{ id: "b1", hex: [0, 1] }, { id: "r1", side: 1, hex: [7, 0] }];

describe("§5.2 turns", () => {
  it("§5.2 end_turn: the first player hands over in the same turn; the second ends the game turn and clears activations", () => {
    const s = activated(position({ units: armies, turnLimit: 5 }), "b1", 0);
    const blueDone = play(play(s, { type: "end_activation" }).state, { type: "end_turn" });
    expect(kinds(blueDone.events)).toEqual(["player_turn_ended", "player_turn_started"]);
    expect([blueDone.state.turn, blueDone.state.activePlayer]).toEqual([1, 1]);
    expect(unit(blueDone.state, "b1")!.activated).toBe(true);
    expect(musket.toAct(blueDone.state)).toEqual(["red"]);
    const redDone = play(blueDone.state, { type: "end_turn" });
    expect(kinds(redDone.events)).toEqual(["player_turn_ended", "victory_check", "player_turn_started"]);
    expect([redDone.state.turn, redDone.state.activePlayer]).toEqual([2, 0]);
    expect(unit(redDone.state, "b1")!.activated).toBe(false);
  });
});

describe("§10 victory", () => {
  it("§10 a hold_hexes streak counts consecutive checks and resets on a failed one", () => {
    const hold = { "0": [{ id: "hold", kind: "hold_hexes", hexes: [[0, 1]], requireAll: true, turns: 3 }], "1": [] };
    let s = position({ units: armies, victory: hold, turnLimit: 9 });
    s = endGameTurn(s).state;
    s = endGameTurn(s).state;
    expect(s.holdStreaks).toEqual({ hold: 2 });
    const moved = play(play(activated(s, "b1", 0), { type: "move", to: [0, 2] }).state, { type: "end_activation" }).state;
    const reset = endGameTurn(moved);
    expect(eventOf(reset.events, "victory_check").holdStreaks).toEqual({ hold: 0 });
  });

  it("§10 the third consecutive check wins (condition_met)", () => {
    const hold = { "0": [{ id: "hold", kind: "hold_hexes", hexes: [[0, 1]], requireAll: true, turns: 3 }], "1": [] };
    const s = position({ units: armies, victory: hold, turnLimit: 9, holdStreaks: { hold: 2 } });
    const r = endGameTurn(s);
    expect(eventOf(r.events, "victory_check").satisfied).toEqual({ blue: ["hold"], red: [] });
    expect(musket.outcome(r.state)).toMatchObject({ result: "win", winners: ["blue"], reason: "condition_met" });
    expect(eventOf(r.events, "game_over")).toMatchObject({ turn: 1, result: "win", winners: ["blue"], sp: { blue: 4, red: 4 } });
    expect(musket.toAct(r.state)).toEqual([]);
    expect(refused(r.state, { type: "end_turn" }).code).toBe("game_ended");
  });

  it("§4 control_hexes with atTurn counts only at the end of that turn; requireAll false needs any one hex", () => {
    const control = { "0": [{ id: "c", kind: "control_hexes", hexes: [[0, 1], [5, 0]], requireAll: false, atTurn: 2 }], "1": [] };
    const s = position({ units: armies, victory: control, turnLimit: 9 });
    const one = endGameTurn(s);
    expect(one.state.outcome).toBeNull();
    const two = endGameTurn(one.state);
    expect(musket.outcome(two.state)?.reason).toBe("condition_met");
  });

  it("§4 grouped conditions must all hold; ungrouped ones are alternatives", () => {
    const grouped = (secondHex: Hex) => ({
      "0": [
        { id: "g1", group: "both", kind: "control_hexes", hexes: [[0, 1]], requireAll: true, atTurn: null },
        { id: "g2", group: "both", kind: "control_hexes", hexes: [secondHex], requireAll: true, atTurn: null },
      ],
      "1": [],
    });
    const half = endGameTurn(position({ units: armies, victory: grouped([3, 3]), turnLimit: 9 }));
    expect(half.state.outcome).toBeNull();
    expect(eventOf(half.events, "victory_check").satisfied.blue).toEqual(["g1"]);
    const units = [...armies, { id: "b2", hex: [3, 3] as Hex }];
    expect(endGameTurn(position({ units, victory: grouped([3, 3]), turnLimit: 9 })).state.outcome?.winners).toEqual(["blue"]);
  });

  it("§10 both satisfied: the SP tiebreak (exited units count with the SP they left with)", () => {
    const both = { "0": [{ id: "b", kind: "eliminate_units", count: 1 }], "1": [{ id: "r", kind: "exit_units", edge: "east", count: 1 }] };
    const s = position({
      units: [{ ...armies[0]!, sp: 5 }, armies[1]!],
      victory: both,
      eliminated: [{ id: "rx", side: 1, type: "horse", hex: [4, 0] }],
      exited: [{ id: "ry", side: 1, type: "horse", hex: [7, 1], sp: 1, edge: "east" }],
    });
    const r = endGameTurn(s);
    expect(musket.outcome(r.state)).toMatchObject({ result: "draw", winners: [], reason: "tiebreak" });
    expect(eventOf(r.events, "game_over").sp).toEqual({ blue: 5, red: 4 + 1 });
  });

  it("§10 annihilation: a side with no unit on the map loses at the end of the turn", () => {
    const s = position({ units: [{ id: "b1", hex: [0, 1] }], eliminated: [{ id: "r1", side: 1, type: "horse", hex: [4, 0] }] });
    expect(musket.outcome(endGameTurn(s).state)).toMatchObject({ winners: ["blue"], reason: "annihilation" });
  });

  it.each([
    [0, null, { result: "win", winners: ["blue"], reason: "turn_limit_winner" }],
    [1, null, { result: "win", winners: ["red"], reason: "turn_limit_winner" }],
    [null, 3, { result: "win", winners: ["blue"], reason: "turn_limit_tiebreak" }],
    [null, 4, { result: "draw", winners: [], reason: "turn_limit_draw" }],
  ] as const)("§10 the last turn ends with turnLimitWinner %s, red SP %s", (winner, redSp, expected) => {
    const s = position({ units: [armies[0]!, { ...armies[1]!, sp: redSp ?? 4 }], turnLimit: 2, turn: 2, turnLimitWinner: winner });
    expect(musket.outcome(endGameTurn(s).state)).toMatchObject(expected);
  });
});

describe("§6.5 exit", () => {
  const road = { "0": [], "1": [{ id: "out", kind: "exit_units", edge: "east", count: 2, fromTurn: 1 }] };
  const red = (units: UnitSpec[], more: Record<string, unknown> = {}) => position({ units: [{ id: "b1", hex: [0, 1] }, ...units], victory: road, firstPlayer: 1, ...more });

  it("§6.5 a unit on its side's exit edge leaves the map with its leader; it counts as exited, not eliminated", () => {
    const s = activated(red([{ id: "r1", side: 1, type: "horse", hex: [7, 0] }, { id: "r2", side: 1, hex: [2, 2] }], { leaders: [{ id: "L", unit: "r1", radius: 2 }] }), "r1", 0);
    expect(musket.legal(s, "red").choices.map((c) => c.action.type)).toContain("exit");
    const r = play(s, { type: "exit" });
    expect(kinds(r.events)).toEqual(["exited", "activation_ended"]);
    expect(eventOf(r.events, "exited")).toMatchObject({ unit: "r1", side: 1, from: [7, 0], edge: "east", sp: 4, leaders: ["L"] });
    expect(r.state.exited.map((u) => u.id)).toEqual(["r1"]);
    expect(r.state.eliminated).toEqual([]);
    expect(r.state.leaders).toEqual([]);
  });

  it("§6.5 not off another edge, not before fromTurn, not after firing, not without MP", () => {
    const west = activated(red([{ id: "r1", side: 1, type: "horse", hex: [0, 3] }]), "r1", 0);
    expect(refused(west, { type: "exit" }).code).toBe("illegal_move");
    const late = activated(red([{ id: "r1", side: 1, type: "horse", hex: [7, 0] }], { victory: { "0": [], "1": [{ id: "out", kind: "exit_units", edge: "east", count: 1, fromTurn: 2 }] } }), "r1", 0);
    expect(refused(late, { type: "exit" }).code).toBe("illegal_move");
    const gunner = activated(red([{ id: "r1", side: 1, type: "artillery", hex: [7, 0] }, { id: "b2", hex: [7, -1] }]), "r1", 0);
    const fired = play(gunner, { type: "fire", target: "b2" }, floats(0.99)).state;
    expect(refused(fired, { type: "exit" }).code).toBe("illegal_move");
    const walker = activated(red([{ id: "r1", side: 1, hex: [6, 0] }]), "r1", 0);
    const arrived = play(walker, { type: "move", to: [7, 0] }).state;
    expect(refused(arrived, { type: "exit" }).code).toBe("illegal_move");
  });

  it("§6.5 exiting from a hilltop takes the check; a failure ends the activation and the unit stays", () => {
    const s = activated(red([{ id: "r1", side: 1, hex: [7, 0] }], { terrain: [[[7, 0], "hilltop"]] }), "r1", 0);
    const r = play(s, { type: "exit" }, floats(0.1));
    expect(kinds(r.events)).toEqual(["terrain_check", "activation_ended"]);
    expect(unit(r.state, "r1")).toMatchObject({ hex: [7, 0], activated: true });
  });

  it("§10 exit_units counts the units that left by that edge", () => {
    const s = red([{ id: "r1", side: 1, hex: [5, 0] }], { exited: [{ id: "x1", side: 1, type: "horse", hex: [7, 0], edge: "east" }, { id: "x2", side: 1, type: "horse", hex: [7, 1], edge: "east" }] });
    const r = play(play(s, { type: "end_turn" }).state, { type: "end_turn" });
    expect(musket.outcome(r.state)).toMatchObject({ winners: ["red"], reason: "condition_met" });
  });
});
