import { describe, expect, it } from "vitest";
import { skirmish, type SkirmishChoice, type SkirmishState } from "../../../worker/engine/skirmish";
import { closeHitSpec } from "../../../worker/engine/skirmish/closeCombat";
import { fractionValue, poolsOf, testOdds } from "../../../worker/engine/skirmish/dice";
import { eventsOf, PATROL_ARCHER, play, positionState, REGULAR_SPEAR } from "./helpers";

const model = (state: SkirmishState, id: string) => state.models.find((m) => m.id === id)!;

describe("§16 legal choices", () => {
  const engaged = () => play(positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [11, 5], loadout: REGULAR_SPEAR }, b2: { hex: [10, 4], status: "ko", wounds: 3 } } }), "attacker", { type: "activate", model: "a1" }).state;

  it("§16 a seat not to act has no choices; between activations the Ready models are listed in assembly order", () => {
    const state = positionState({ models: { a1: { hex: [10, 5] }, a2: { hex: [2, 22], done: true } } });
    expect(skirmish.legal(state, "defender").choices).toEqual([]);
    expect(skirmish.legal(state, "attacker").choices.map((c) => c.action)).toEqual(["a1", "a3", "a4"].map((model) => ({ type: "activate", model })));
  });

  it("§16 an engaged model: push, disengage paths, close targets (a KO'd one as coup de grâce), rally none, end; no moves", () => {
    const choices = skirmish.legal(engaged(), "attacker").choices as SkirmishChoice[];
    const types = new Set(choices.map((c) => c.action.type));
    expect(types).toEqual(new Set(["push", "disengage", "close_attack", "end_activation"]));
    expect(choices.filter((c) => c.action.type === "close_attack").map((c) => [c.action, c.label])).toEqual([
      [{ type: "close_attack", target: "b1" }, expect.stringMatching(/^a1 attacks b1 with Sword, Broad \(\d+% to hit\)$/)],
      [{ type: "close_attack", target: "b2" }, "a1 finishes off b2 (coup de grâce)"],
    ]);
  });

  it("§16 ?model= narrows to one model's choices (the active model's during an activation)", () => {
    const state = engaged();
    expect(skirmish.legal(state, "attacker", { model: "a1" }).choices).toEqual(skirmish.legal(state, "attacker").choices);
    expect(skirmish.legal(state, "attacker", { model: "a2" })).toEqual({ choices: [], narrowedBy: ["model"] });
    const between = positionState({ models: { a1: { hex: [10, 5] } } });
    expect(skirmish.legal(between, "attacker", { model: "a3" }).choices.map((c) => c.action)).toEqual([{ type: "activate", model: "a3" }]);
  });

  it("§16 each test's choice carries its flattened pools and the exact chance of success", () => {
    const state = engaged();
    const choice = (skirmish.legal(state, "attacker").choices as SkirmishChoice[]).find((c) => c.action.type === "close_attack")!;
    const spec = closeHitSpec(state, model(state, "a1"), model(state, "b1"));
    const pools = poolsOf(spec);
    expect(choice.odds).toMatchObject({ test: "hit_close", active: pools.active, passive: pools.passive });
    expect(choice.odds!.chance).toBeCloseTo(fractionValue(testOdds({ value: 2, pool: pools.active }, { value: 2, pool: pools.passive }).pass), 4);
    const disengage = (skirmish.legal(state, "attacker").choices as SkirmishChoice[]).find((c) => c.action.type === "disengage")!;
    expect(disengage.odds).toMatchObject({ test: "disengage", active: { b: 3 } });
  });

  it("§16 every listed choice is accepted by apply (and the state handed in is left as it was)", () => {
    const state = engaged();
    const before = JSON.stringify(state);
    for (const c of skirmish.legal(state, "attacker").choices) {
      const result = skirmish.apply(state, "attacker", c.action, { d6: () => 4, float: () => 0, int: () => 0, draws: 0 });
      expect(result.ok, JSON.stringify(c.action)).toBe(true);
    }
    expect(JSON.stringify(state)).toBe(before);
  });
});

describe("§18 describe", () => {
  it("§18 one English line per event, with the pools and the verdict", () => {
    const state = positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [11, 5] } } });
    const s = play(state, "attacker", { type: "activate", model: "a1" }).state;
    const step = play(s, "attacker", { type: "close_attack", target: "b1" }, [1, 1, 6, 4, 1, 1]);
    expect(step.events.map((e) => skirmish.describe(e))).toEqual(["Sword, Broad attack by a1 on b1: 2 base against 2 base + 2 modifier: miss by 3 (2 vs 5)"]);
    expect(skirmish.describe({ kind: "activated", model: "a1", ap: 1, delayRemoved: 1, compulsoryAp: 1 })).toBe("a1 activates with 1 AP (1 Delay paid), 1 AP compulsory");
  });

  it("§18 a hit with cascades and the wounds it does", () => {
    const state = positionState({ models: { a1: { hex: [10, 10], loadout: PATROL_ARCHER }, b1: { hex: [10, 5] } } });
    const s = play(state, "attacker", { type: "activate", model: "a1" }).state;
    const step = play(s, "attacker", { type: "range_attack", target: "b1" }, [6, 6, 1, 1, 1, 6, 6, 6, 6, 6, 1, 1]);
    const shot = eventsOf(step.events, "range_attack")[0]!;
    expect(skirmish.describe(shot)).toBe(
      "Bow, Medium shot by a1 on b1 at 5 (OR 6): 2 base against 2 base + 1 modifier: hit, 4 cascades (6 vs 2); damage 4 base + 1 modifier against 2 base: wounds, 9 cascades (11 vs 2), AR 0: 9 wounds",
    );
    expect(step.events.map((e) => e.kind)).toEqual(["range_attack", "wounded", "status"]);
  });
});

describe("§19 the computer player", () => {
  it("§19 deployment: melee models from the front row, centre column first; ranged models from the rear row", () => {
    let state = skirmish.setup("small-elimination", skirmish.parseOptions({}) as never, { d6: () => 1, float: () => 0, int: () => 0, draws: 0 }) as SkirmishState;
    const first = skirmish.bot(state, "defender", { d6: () => 1, float: () => 0, int: () => 0, draws: 0 });
    // column 11 (of 0-23, centre 11.5; ties to the lower column), row 1 = axial [11, 1 - 5]
    expect(first).toEqual({ type: "deploy", model: "b1", hex: [11, -4] });
    for (let i = 1; i <= 4; i++) state = play(state, "defender", skirmish.bot(state, "defender", null as never)).state;
    expect(skirmish.bot(state, "defender", null as never)).toEqual({ type: "deploy", model: "b5", hex: [11, -5] });
  });
});
