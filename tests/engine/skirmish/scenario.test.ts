import { describe, expect, it } from "vitest";
import { isRuleError } from "../../../worker/engine/ruleset";
import { rngFromSeed } from "../../../worker/engine/rng";
import { skirmish, type SkirmishState } from "../../../worker/engine/skirmish";
import { parseScenario } from "../../../worker/engine/skirmish/scenario";
import shipped from "../../../scenarios/skirmish/small-elimination.json";
import { eventsOf, play, refused, scenarioOf } from "./helpers";

const options = skirmish.parseOptions({}) as never;
const setup = (scenario: unknown) => skirmish.setup(scenario as never, options, rngFromSeed("s"));

describe("§15 the shipped scenario", () => {
  it("§15 small-elimination: 24 x 24, day, the two assemblies (361 and 342 BP), deployment by the defender first", () => {
    const state = setup("small-elimination") as SkirmishState;
    expect(state.board).toMatchObject({ cols: 24, rows: 24 });
    expect([state.lighting, state.visibility, state.endGameFromTurn, state.deploymentDepth]).toEqual(["day", 16, 4, 2]);
    expect(state.sides.map((s) => [s.name, s.startCount, s.startBP])).toEqual([
      ["Company of the Sword", 6, 361],
      ["Spear Band", 6, 342],
    ]);
    expect([state.phase, skirmish.toAct(state)]).toEqual(["deployment", ["defender"]]);
    // the layout is point-symmetric in offset coordinates (15)
    const lists = Object.entries(shipped.board.terrain).flatMap(([t, hexes]) => hexes.map(([q, r]) => `${t}:${q},${r! + Math.floor(q! / 2)}`));
    for (const entry of lists) {
      const [t, cr] = entry.split(":");
      const [c, r] = cr!.split(",").map(Number);
      expect(lists).toContain(`${t}:${23 - c!},${23 - r!}`);
    }
  });

  it("§1.1 options: lighting 'scenario' takes the scenario's; night gives Visibility 4; unknown values are refused", () => {
    const night = skirmish.setup("small-elimination", skirmish.parseOptions({ lighting: "night" }) as never, rngFromSeed("s")) as SkirmishState;
    expect([night.lighting, night.visibility]).toEqual(["night", 4]);
    expect(isRuleError(skirmish.parseOptions({ koIsElimination: "maybe" }))).toBe(true);
  });
});

describe("§6.1 deployment", () => {
  it("§6.1 the defender deploys in rows 0-1, then the attacker in rows 22-23; a second deploy moves a model; end_deployment needs every model placed", () => {
    let state = setup("small-elimination") as SkirmishState;
    expect(refused(state, "defender", { type: "end_deployment" })).toMatchObject({ code: "illegal_move", details: { reason: "unplaced" } });
    expect(refused(state, "defender", { type: "deploy", model: "b1", hex: [10, 5] })).toMatchObject({ details: { reason: "not_in_zone" } });
    expect(refused(state, "defender", { type: "deploy", model: "a1", hex: [10, -5] })).toMatchObject({ code: "not_your_unit" });
    expect(refused(state, "attacker", { type: "deploy", model: "a1", hex: [10, 17] })).toMatchObject({ code: "not_your_turn" });
    const hexes: [number, number][] = [[10, -5], [11, -5], [12, -6], [13, -6], [14, -7], [15, -7]];
    hexes.forEach((hex, i) => (state = play(state, "defender", { type: "deploy", model: `b${i + 1}`, hex }).state));
    const moved = play(state, "defender", { type: "deploy", model: "b1", hex: [9, -4] });
    expect(moved.events).toEqual([{ kind: "deployed", model: "b1", side: "defender", hex: [9, -4], from: [10, -5] }]);
    state = play(moved.state, "defender", { type: "end_deployment" }).state;
    expect(skirmish.toAct(state)).toEqual(["attacker"]);
    for (let i = 0; i < 6; i++) state = play(state, "attacker", { type: "deploy", model: `a${i + 1}`, hex: [8 + i, 22 - Math.floor((8 + i) / 2)] }).state;
    // the attacker's end_deployment rolls turn 1's initiative: 2b vs 3b (the defender spent fewer BP)
    const started = play(state, "attacker", { type: "end_deployment" }, [6, 6, 1, 1, 1]);
    expect(eventsOf(started.events, "initiative")[0]!.test.passive.pool).toEqual({ b: 3, m: 0, w: 0 });
    expect(started.state).toMatchObject({ phase: "turn", turn: 1, initiativeSide: 0 });
  });
});

describe("scenario format: any position, errors naming the field, the hex and the model", () => {
  const base = () => scenarioOf({ models: { a1: { hex: [10, 5] }, b1: { hex: [11, 5] } } }) as Record<string, any>;

  it("a valid inline position sets up with every model's state", () => {
    const raw = base();
    raw.position.models.a1 = { hex: [10, 5], wounds: 2, delay: 1, fear: 1, ammo: 0, done: true };
    const state = setup(raw) as SkirmishState;
    expect(state.models[0]).toMatchObject({ hex: [10, 5], wounds: 2, delay: 1, fear: 1, done: true, status: "in_play" });
  });

  it("a position in the middle of deployment: the defender placed, the attacker half-way", () => {
    const raw = scenarioOf({ models: { a1: { hex: [10, 17] }, a2: { hex: null }, a3: { hex: null }, a4: { hex: null }, b1: { hex: [10, -5] }, b2: { hex: [11, -5] }, b3: { hex: [12, -6] }, b4: { hex: [13, -6] } } }) as Record<string, any>;
    raw.position.phase = "deployment";
    raw.position.deploying = 0;
    const state = setup(raw) as SkirmishState;
    expect([state.phase, skirmish.toAct(state)]).toEqual(["deployment", ["attacker"]]);
    expect(new Set(skirmish.legal(state, "attacker").choices.map((c) => (c.action as { model?: string }).model))).toEqual(new Set(["a2", "a3", "a4"]));
    raw.position.models.b4.hex = null;
    expect(parseScenario(raw)).toMatchObject({ details: { field: "position.models.b4.hex" } });
    raw.position.models.b4.hex = [10, 5];
    expect(parseScenario(raw)).toMatchObject({ details: { field: "position.models.b4.hex", hex: [10, 5] } });
  });

  it("a position in the middle of an activation: the acting model, its AP and its last action (a charging move)", () => {
    const raw = scenarioOf({ models: { a1: { hex: [10, 5] }, b1: { hex: [11, 5] } }, activation: { model: "a1", ap: 1, contactMovedInto: ["b1"], lastAction: { type: "move", chargeTargets: ["b1"] } } });
    const state = setup(raw) as SkirmishState;
    expect(state.activation).toMatchObject({ model: "a1", ap: 1, lastAction: { type: "move", chargeTargets: ["b1"] } });
    // the Charge +1m flattens against one of b1's Parry and Deflect dice: 2b vs 2b 1m
    const step = play(state, "attacker", { type: "close_attack", target: "b1" }, [1, 1, 6, 6, 1]);
    expect(eventsOf(step.events, "close_attack")[0]).toMatchObject({ charge: true });
    expect(eventsOf(step.events, "close_attack")[0]!.hit!.modifiers).toContainEqual({ name: "Charge", side: "active", dice: "+1m" });
  });

  it.each([
    ["board.terrain.soft[0]", (r: any) => (r.board.terrain = { soft: [[40, 0]] }), /off the 24 x 24 board/],
    ["board.terrain.lava", (r: any) => (r.board.terrain = { lava: [[1, 1]] }), /unknown terrain "lava"/],
    ["board.terrain.hard[0]", (r: any) => (r.board.terrain = { soft: [[1, 1]], hard: [[1, 1]] }), /already soft/],
    ["gameSize", (r: any) => (r.gameSize = "huge"), /small, medium, large/],
    ["position.models.b1.hex", (r: any) => (r.position.models.b1.hex = [10, 5]), /models a1 and b1 both stand on 1111(?! \[)/],
    ["position.models.a1.hex", (r: any) => (r.board.terrain = { blocking: [[10, 5]] }), /blocking terrain at 1111(?! \[)/],
    ["position.models.a1.wounds", (r: any) => (r.position.models.a1.wounds = 3), /cannot be in play/],
    ["position.models.a1.fear", (r: any) => (r.position.models.a1.fear = 7), /0 to 3/],
    ["position.models.zz", (r: any) => (r.position.models.zz = { hex: [1, 1] }), /no model zz/],
    ["sides[1].models[0].suit", (r: any) => (r.sides[1].models[0].suit = "Helmet"), /is a Helm, not a Suit/],
    ["position.activeSide", (r: any) => (r.position.activeSide = 2), /0, 1 or null/],
    ["position.activation.model", (r: any) => (r.position.activation = { model: "b1", ap: 2 }), /not of the side to act/],
    ["position.activation.compulsoryApLeft", (r: any) => (r.position.activation = { model: "a1", ap: 1, compulsoryApLeft: 2 }), /cannot exceed ap/],
    ["position.activation.lastAction.chargeTargets", (r: any) => (r.position.activation = { model: "a1", ap: 1, lastAction: { type: "move", chargeTargets: ["a2"] } }), /enemy model ids/],
  ])("refuses a scenario with a bad %s", (field, spoil, message) => {
    const raw = base();
    spoil(raw);
    const result = parseScenario(raw);
    expect(result).toMatchObject({ ok: false, code: "bad_scenario", details: { field } });
    expect((result as { message: string }).message).toMatch(message);
    expect(isRuleError(setup(raw))).toBe(true);
  });
});
