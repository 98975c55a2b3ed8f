import { describe, expect, it } from "vitest";
import { isRuleError } from "../../../worker/engine/ruleset";
import { rngFromSeed } from "../../../worker/engine/rng";
import { replay } from "../../../worker/engine/replay";
import { skirmish, type SkirmishEvent, type SkirmishState } from "../../../worker/engine/skirmish";
import { selfPlay } from "../selfplay";
import { play, positionState } from "./helpers";

/** Activates a model and ends its activation at once; answers who is to act after it. */
function activateAndEnd(state: SkirmishState, model: string): { state: SkirmishState; next: string[] } {
  const seat = model.startsWith("a") ? "attacker" : "defender";
  const active = play(state, seat, { type: "activate", model }).state;
  const result = skirmish.apply(active, seat, { type: "end_activation" }, rngFromSeed(`end-${model}`));
  if (isRuleError(result)) throw new Error(result.message);
  return { state: result.state, next: skirmish.toAct(result.state) };
}

/** Plays the models in this order and records who is to act after each activation. */
function sequence(state: SkirmishState, models: string[]): string[] {
  const next: string[] = [];
  for (const m of models) {
    const step = activateAndEnd(state, m);
    state = step.state;
    next.push(step.next.join());
  }
  return next;
}

const FAR_APART = { models: {} };

describe("§6.3 variant: activations in a row (worker/engine/skirmish/VARIANTS.md)", () => {
  it("1 is the rules as written: the sides alternate, one model at a time", () => {
    const state = positionState(FAR_APART, { activationsInARow: 1 });
    expect(sequence(state, ["a1", "b1", "a2", "b2"])).toEqual(["defender", "attacker", "defender", "attacker"]);
  });

  it("2: the side with the initiative makes two activations, then the other side two", () => {
    const state = positionState(FAR_APART, { activationsInARow: 2 });
    expect(skirmish.toAct(state)).toEqual(["attacker"]);
    expect(sequence(state, ["a1", "a2", "b1", "b2", "a3", "a4"])).toEqual(["attacker", "defender", "defender", "attacker", "attacker", "defender"]);
  });

  it('"all": a side activates every Ready model before the other side moves', () => {
    const state = positionState(FAR_APART, { activationsInARow: "all" });
    expect(sequence(state, ["a1", "a2", "a3", "a4"])).toEqual(["attacker", "attacker", "attacker", "defender"]);
  });

  it("a side with no Ready model is passed over: the other side goes on past its row", () => {
    const done = { done: true, hex: null };
    const state = positionState({ models: { b1: { ...done, hex: [23, -11] }, b2: { ...done, hex: [21, -10] }, b3: { ...done, hex: [19, -9] } } }, { activationsInARow: 2 });
    expect(sequence(state, ["a1", "a2", "b4", "a3"])).toEqual(["attacker", "defender", "attacker", "attacker"]);
  });

  it("the turn ends when no Ready model remains; the next turn's initiative winner starts a fresh row", () => {
    let state = positionState(FAR_APART, { activationsInARow: "all" });
    for (const m of ["a1", "a2", "a3", "a4", "b1", "b2", "b3"]) state = activateAndEnd(state, m).state;
    const last = play(state, "defender", { type: "activate", model: "b4" }).state;
    const ended = skirmish.apply(last, "defender", { type: "end_activation" }, rngFromSeed("turn-2"));
    if (isRuleError(ended)) throw new Error(ended.message);
    expect(ended.events.some((e) => e.kind === "turn_started")).toBe(true);
    expect(ended.state.turn).toBe(2);
    expect(ended.state.activationsThisRow).toBe(0);
    expect(skirmish.toAct(ended.state)).toEqual([ended.state.initiativeSide === 0 ? "attacker" : "defender"]);
  });

  it("a game created before the variant (no such fields in its state) plays the rules as written", () => {
    const { activationsInARow: _, activationsThisRow: __, ...old } = positionState(FAR_APART, { activationsInARow: 3 });
    expect(sequence(old as SkirmishState, ["a1", "b1"])).toEqual(["defender", "attacker"]);
  });

  it("the option is refused outside 1, 2, 3 and \"all\", naming it", () => {
    for (const value of [0, 4, "2", "two", null]) {
      const parsed = skirmish.parseOptions({ activationsInARow: value });
      if (!isRuleError(parsed)) throw new Error(`${JSON.stringify(value)} was accepted`);
      expect(parsed.code).toBe("bad_option");
      expect(parsed.details).toMatchObject({ option: "activationsInARow" });
      expect(parsed.message).toContain("activationsInARow");
    }
    expect(skirmish.parseOptions({})).toMatchObject({ activationsInARow: 1 });
  });
});

// a few seeded games a row length (the machine is shared); the 200-game run is selfplay.test.ts's
const GAMES = Number(process.env.SKIRMISH_VARIANT_GAMES ?? 4);

describe("§13 self-play with activations in a row", () => {
  for (const activationsInARow of [2, "all"] as const) {
    it(`${activationsInARow} in a row: ${GAMES} seeded games end with an outcome and replay byte for byte`, () => {
      for (let g = 0; g < GAMES; g++) {
        const scenario = g % 2 === 0 ? "small-elimination" : "small-clash";
        const game = selfPlay<SkirmishState>(skirmish, scenario, { activationsInARow }, `skirmish-row-${activationsInARow}-${g}`, 5000);
        expect(game.final.phase).toBe("game_over");
        expect(skirmish.outcome(game.final)?.line.length).toBeGreaterThan(0);
        const again = replay<SkirmishState, SkirmishEvent>(skirmish, game.initial, game.turns);
        expect(again.failure).toBeNull();
        expect(JSON.stringify(again.state)).toBe(JSON.stringify(game.final));
        // the rows the side to act made: never longer than the option while the other side could move
        const rows: number[] = [];
        let run = 0;
        let side: string | null = null;
        for (const entry of game.log) {
          if ((entry.action as { type: string }).type !== "activate") continue;
          if (entry.seat === side) run++;
          else {
            if (side !== null) rows.push(run);
            side = entry.seat;
            run = 1;
          }
        }
        expect(Math.max(...rows)).toBeGreaterThanOrEqual(2);
        if (activationsInARow === 2) expect(rows.filter((r) => r > 2).length).toBeLessThan(rows.length);
      }
    });
  }
});
