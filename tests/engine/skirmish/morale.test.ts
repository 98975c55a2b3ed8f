import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { skirmish, type SkirmishState } from "../../../worker/engine/skirmish";
import { ILLEGAL_TARGET_REASONS } from "../../../worker/engine/skirmish/errors";
import { eventsOf, PATROL_ARCHER, play, positionState, REGULAR_SWORD, refused } from "./helpers";

const model = (state: SkirmishState, id: string) => state.models.find((m) => m.id === id)!;
const VETERAN_SWORD = { archetype: "Veteran", melee: "Sword, Broad", suit: "Armor, Light" };

/** a1 shoots b1 at 5 hexes: a hit [6,6] vs [1,1,1], a tied Damage Test (1 wound), then b1's Fear Test with `fear` faces. */
function woundedByArrow(fear: number[], b1: Record<string, string> = REGULAR_SWORD, a2: Record<string, string> = REGULAR_SWORD) {
  const state = positionState({ models: { a1: { hex: [10, 10], loadout: PATROL_ARCHER }, a2: { hex: [2, 22], loadout: a2 }, b1: { hex: [10, 5], loadout: b1 } } });
  const s = play(state, "attacker", { type: "activate", model: "a1" }).state;
  return play(s, "attacker", { type: "range_attack", target: "b1" }, [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ...fear]);
}

describe("§12.2 Fear Tests", () => {
  it("§12.2 a wounded model tests POW (its new Wound counts as Hindrance); M misses give Fear M", () => {
    const step = woundedByArrow([1, 1, 6, 1, 1]);
    const fear = eventsOf(step.events, "fear_test")[0]!;
    expect(fear.test.active.pool).toEqual({ b: 2, m: 0, w: 0 });
    expect(fear.test.passive.pool).toEqual({ b: 2, m: 1, w: 0 });
    expect([fear.test.misses, fear.fearBefore, fear.fear]).toEqual([2, 0, 2]);
  });

  it("§3.5 Grit X: an Attentive model gains X fewer Fear tokens", () => {
    // POW 3 against the System's 2 + 4: 3 misses, Fear 3 less Grit 1
    const step = woundedByArrow([1, 1, 6, 6, 1], VETERAN_SWORD, VETERAN_SWORD);
    expect(eventsOf(step.events, "fear_test")[0]!.test.misses).toBe(3);
    expect(eventsOf(step.events, "fear_test")[0]).toMatchObject({ fearBefore: 0, fear: 2 });
  });

  it("§12.2 4+ Fear eliminates", () => {
    const step = woundedByArrow([1, 1, 6, 6, 1]);
    expect(eventsOf(step.events, "fear_test")[0]).toMatchObject({ fear: 4 });
    expect(eventsOf(step.events, "status")).toEqual([{ kind: "status", model: "b1", status: "eliminated", cause: "fear" }]);
  });

  it("§12.2 an Engaged, Attentive model takes no Fear Test", () => {
    const state = positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [11, 5] } } });
    const s = play(state, "attacker", { type: "activate", model: "a1" }).state;
    // hit 2b vs 2b 2m [6,6][1,1,1,1]: 4 cascades, carry 2b; damage 4b 2m vs 2b: [4,4,1,1,1,1] vs [1,1]: 2 cascades, 1 wound
    const step = play(s, "attacker", { type: "close_attack", target: "b1" }, [6, 6, 1, 1, 1, 1, 4, 4, 1, 1, 1, 1, 1, 1]);
    expect(eventsOf(step.events, "wounded")).toHaveLength(1);
    expect(eventsOf(step.events, "fear_test")).toHaveLength(0);
  });
});

describe("§12.3 compulsory actions and §12.4 Rally", () => {
  const disordered = (fear: number) => positionState({ models: { a1: { hex: [10, 10], fear }, b1: { hex: [10, 5] } } });

  it("§12.3 a Disordered model's first AP must move it away from the nearest enemy it sees; end_activation is refused", () => {
    const s = play(disordered(2), "attacker", { type: "activate", model: "a1" }).state;
    expect(s.activation!.compulsoryApLeft).toBe(1);
    expect(refused(s, "attacker", { type: "end_activation" })).toMatchObject({ code: "choice_pending" });
    expect(refused(s, "attacker", { type: "move", path: [[10, 9]] })).toMatchObject({ code: "choice_pending" });
    const choices = skirmish.legal(s, "attacker").choices;
    expect(new Set(choices.map((c) => c.action.type))).toEqual(new Set(["push", "move"]));
    const after = play(s, "attacker", { type: "move", path: [[10, 11]] }).state;
    expect(after.activation!.compulsoryApLeft).toBe(0);
    expect(play(after, "attacker", { type: "end_activation" }).state.activation).toBeNull();
  });

  it("§20 a Disordered model engaged in a corner, with no disengage path, owes nothing and may attack", () => {
    const cornered = positionState({ models: { a1: { hex: [0, 0], fear: 2 }, b1: { hex: [1, 0] }, b2: { hex: [0, 1] } } });
    const s = play(cornered, "attacker", { type: "activate", model: "a1" }).state;
    expect(s.activation!.compulsoryApLeft).toBe(0);
    expect(skirmish.legal(s, "attacker").choices.map((c) => c.action.type)).toContain("close_attack");
  });

  it("§12.3 a Panicked model owes 2 AP; §6.3 Delay tokens are paid first", () => {
    expect(play(disordered(3), "attacker", { type: "activate", model: "a1" }).state.activation).toMatchObject({ ap: 2, compulsoryApLeft: 2 });
    const delayed = positionState({ models: { a1: { hex: [10, 10], fear: 3, delay: 1 }, b1: { hex: [10, 5] } } });
    expect(play(delayed, "attacker", { type: "activate", model: "a1" }).events[0]).toEqual({ kind: "activated", model: "a1", ap: 1, delayRemoved: 1, compulsoryAp: 1 });
  });

  it("§12.3 out of the enemy's sight the compulsory AP goes to rallying itself; §12.4 one Fear removed per cascade", () => {
    const gone = { status: "eliminated" as const };
    const hidden = positionState({ models: { a1: { hex: [10, 10], fear: 2 }, b1: { hex: [10, 5] }, b2: { hex: [21, -10], ...gone }, b3: { hex: [19, -9], ...gone }, b4: { hex: [17, -8], ...gone } }, terrain: { blocking: [[10, 7]] } });
    const s = play(hidden, "attacker", { type: "activate", model: "a1" }).state;
    expect(skirmish.legal(s, "attacker").choices.map((c) => c.action)).toEqual([{ type: "push" }, { type: "rally", target: "a1" }]);
    // POW 2 with Fear as Hindrance: 2b vs 2b 1m: [6,1] vs [1,1,1] -> 4 vs 2, 2 cascades
    const step = play(s, "attacker", { type: "rally", target: "a1" }, [6, 1, 1, 1, 1]);
    expect(eventsOf(step.events, "rally")[0]).toMatchObject({ removed: 2 });
    expect(model(step.state, "a1")).toMatchObject({ fear: 0, ralliedThisTurn: true });
  });
});

describe("§12.4 §17 a rally that could remove nothing", () => {
  it("§12.4 rallying a model with no Fear is refused: illegal_target, reason no_fear (decision), listed among the reasons, and never offered", () => {
    const s = play(positionState({ models: { a1: { hex: [10, 10] }, a2: { hex: [10, 11] }, b1: { hex: [10, 2] } } }), "attacker", { type: "activate", model: "a1" }).state;
    for (const target of ["a1", "a2"]) {
      const e = refused(s, "attacker", { type: "rally", target });
      expect([e.code, e.details?.reason]).toEqual(["illegal_target", "no_fear"]);
    }
    expect(ILLEGAL_TARGET_REASONS).toContain("no_fear");
    expect(skirmish.legal(s, "attacker").choices.some((c) => (c.action as { type: string }).type === "rally")).toBe(false);
  });

  it("§17 every reason an illegal_target of the engine names is in ILLEGAL_TARGET_REASONS", () => {
    const dir = path.resolve(import.meta.dirname, "../../../worker/engine/skirmish");
    const given = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      for (const line of readFileSync(path.join(dir, file), "utf8").split("\n")) {
        if (line.includes('"illegal_target"')) for (const m of line.matchAll(/reason: "([a-z_]+)"/g)) given.add(m[1]!);
      }
    }
    expect(given.size).toBeGreaterThan(5);
    expect([...given].filter((r) => !(ILLEGAL_TARGET_REASONS as readonly string[]).includes(r))).toEqual([]);
  });
});

describe("§6 turn sequence, §12.5 Bottle Tests, §13 victory", () => {
  const lastTwo = (extra = {}) =>
    positionState({
      turn: 5,
      endDice: 1,
      models: { a1: { hex: [10, 10] }, a2: { hex: [2, 22], done: true }, a3: { hex: [4, 21], done: true }, a4: { hex: [6, 20], done: true }, b1: { hex: [10, 2] }, b2: { hex: [21, -10], done: true }, b3: { hex: [19, -9], done: true }, b4: { hex: [17, -8], done: true }, ...extra },
    });

  it("§6.3 the initiative passes to the other side after each activation; §6.4 an END die of 1-3 ends the game", () => {
    let s = play(lastTwo(), "attacker", { type: "activate", model: "a1" }).state;
    s = play(s, "attacker", { type: "end_activation" }).state;
    expect(skirmish.toAct(s)).toEqual(["defender"]);
    s = play(s, "defender", { type: "activate", model: "b1" }).state;
    const end = play(s, "defender", { type: "end_activation" }, [3]);
    expect(eventsOf(end.events, "end_dice")).toEqual([{ kind: "end_dice", turn: 5, faces: [3], ended: true }]);
    expect(eventsOf(end.events, "game_over")[0]).toMatchObject({ endedBy: "end_dice", result: "draw" });
    expect(skirmish.toAct(end.state)).toEqual([]);
  });

  it("§6.4 END dice of 4-6: the game goes on, one more END die, next turn and its initiative (side 0's pool first)", () => {
    let s = play(lastTwo(), "attacker", { type: "activate", model: "a1" }).state;
    s = play(s, "attacker", { type: "end_activation" }).state;
    s = play(s, "defender", { type: "activate", model: "b1" }).state;
    const next = play(s, "defender", { type: "end_activation" }, [4, 1, 1, 6, 6]);
    expect(next.state).toMatchObject({ turn: 6, endDice: 2, initiativeSide: 1, activeSide: 1 });
    const init = eventsOf(next.events, "initiative")[0]!;
    expect(init.leaders).toEqual({ attacker: "a1", defender: "b1" });
    expect(init.test.active.faces.b).toEqual([1, 1]);
    expect(init.winner).toBe("defender");
    expect(next.state.models.every((m) => !m.done)).toBe(true);
  });

  it("§12.5 a side at Breakpoint that fails its Bottle Test bottles out; §13 Bottled and Elimination VP", () => {
    const s0 = lastTwo({ b3: { hex: [19, -9], status: "eliminated" }, b4: { hex: [17, -8], status: "eliminated" } });
    let s = play(s0, "attacker", { type: "activate", model: "a1" }).state;
    s = play(s, "attacker", { type: "end_activation" }).state;
    s = play(s, "defender", { type: "activate", model: "b1" }).state;
    // b1 tests POW 2 at DR 1 (the attacker has twice its models in play): 2b vs 2b [1,1] vs [1,1] -> 2 vs 3
    const end = play(s, "defender", { type: "end_activation" }, [1, 1, 1, 1]);
    expect(eventsOf(end.events, "bottle_test")[0]).toMatchObject({ side: "defender", model: "b1", dr: 1, bottled: true });
    expect(end.state.models.filter((m) => m.side === 1).map((m) => [m.status, m.bottled])).toEqual([
      ["eliminated", true],
      ["eliminated", true],
      ["eliminated", false],
      ["eliminated", false],
    ]);
    const over = eventsOf(end.events, "game_over")[0]!;
    expect(over).toMatchObject({ endedBy: "no_models_in_play", winners: ["attacker"], vp: { attacker: 2, defender: 0 } });
    expect(over.keys.attacker).toEqual(["Bottled", "Elimination"]);
  });

  it("§6.2 turn-1 initiative: +1b to the side that spent fewer BP; ties go to the face totals, then d6 roll-offs", () => {
    const setup = (faces: number[]) => {
      const dice = new (class {
        draws = 0;
        d6 = () => faces[this.draws++]!;
        float = () => 0;
        int = () => 0;
      })();
      const state = skirmish.setup("small-clash", skirmish.parseOptions({}) as never, dice) as SkirmishState;
      return { state, dice };
    };
    const win = setup([6, 6, 1, 1, 1]);
    expect(win.dice.draws).toBe(5);
    expect(win.state.initiativeSide).toBe(0);
    expect(setup([1, 1, 1, 1, 1]).state.initiativeSide).toBe(1);
    const rolled = setup([2, 1, 1, 1, 1, 3, 3, 5, 2]);
    expect(rolled.dice.draws).toBe(9);
    expect(rolled.state.initiativeSide).toBe(0);
    // a dice record stuck on one face cannot loop forever: 50 tied roll-offs, then side 0 (decision)
    const stuck = setup([4, 4, 6, 1, 1, ...new Array<number>(100).fill(4)]);
    expect(stuck.dice.draws).toBe(105);
    expect(stuck.state.initiativeSide).toBe(0);
  });
});
