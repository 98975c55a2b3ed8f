import { describe, expect, it } from "vitest";
import { closeHitSpec } from "../../../worker/engine/skirmish/closeCombat";
import { damageModifiers } from "../../../worker/engine/skirmish/damage";
import { atLeastCascades, buildPools, flatten, fractionValue, rollTest, testOdds, type Modifier } from "../../../worker/engine/skirmish/dice";
import type { SkirmishState } from "../../../worker/engine/skirmish";
import { ScriptedDice } from "./dice-helpers";
import { eventsOf, play, positionState, REGULAR_AXE, REGULAR_SPEAR, REGULAR_SWORD, refused } from "./helpers";

const pair = (attacker: Record<string, string>, defender: Record<string, string>): SkirmishState =>
  positionState({ models: { a1: { hex: [10, 5], loadout: attacker }, b1: { hex: [11, 5], loadout: defender } } });

const model = (state: SkirmishState, id: string) => state.models.find((m) => m.id === id)!;

/** Exact chance of a wound and of a KO from one fresh attack, through the engine's own specs (12.1). */
function woundRates(state: SkirmishState, charge = false) {
  const a = model(state, "a1");
  const b = model(state, "b1");
  const s = charge ? { ...state, activation: { model: "a1", ap: 1, attacksMade: 0, disengagesMade: 0, pushed: false, contactMovedInto: ["b1"], lastAction: { type: "move", chargeTargets: ["b1"] }, compulsoryApLeft: 0 } } : state;
  const spec = closeHitSpec(s, a, b);
  const pools = flatten(...(Object.values(buildPools(spec.modifiers, spec.rules)) as [never, never]));
  const n = Object.values(pools.active).reduce((x, y) => x + y, 0) + Object.values(pools.passive).reduce((x, y) => x + y, 0);
  const weapon = a.profile.melee;
  const impact = { "Sword, Broad": 1, "Spear, Medium": 2, Axe: 1 }[weapon]! + (charge && weapon === "Spear, Medium" ? 1 : 0);
  const effAR = Math.max(0, b.profile.ar - impact);
  let wound = 0;
  let ko = 0;
  const faces = new Array<number>(n).fill(1);
  for (;;) {
    const hit = rollTest(spec, new ScriptedDice(faces));
    if (hit.pass) {
      const mods: Modifier[] = damageModifiers(b, { weapon, carryOver: hit.carryOver, charge, hardCover: false, assist: 0 });
      const dp = flatten(...(Object.values(buildPools(mods)) as [never, never]));
      const odds = testOdds({ value: a.profile.attributes.STR, pool: dp.active }, { value: b.profile.attributes.FOR, pool: dp.passive });
      // raw = max(1, C) on a fresh target: a wound needs raw > effAR, a KO raw >= 3 + effAR
      wound += fractionValue(atLeastCascades(odds, effAR === 0 ? 0 : effAR + 1));
      ko += fractionValue(atLeastCascades(odds, 3 + effAR));
    }
    let i = n - 1;
    while (i >= 0 && faces[i] === 6) faces[i--] = 1;
    if (i < 0) break;
    faces[i]!++;
  }
  return [Math.round((wound / 6 ** n) * 1000) / 10, Math.round((ko / 6 ** n) * 1000) / 10];
}

describe("§15 the reference's exact per-attack figures, through the engine's modifiers (10.2, 12.1)", () => {
  it.each([
    ["Regular sword vs Regular spearman", REGULAR_SWORD, REGULAR_SPEAR, false, [23.2, 5.8]],
    ["Regular spearman vs Regular sword", REGULAR_SPEAR, REGULAR_SWORD, false, [32.8, 10.3]],
    ["Regular spearman vs Regular sword, charging", REGULAR_SPEAR, REGULAR_SWORD, true, [45.5, 21.3]],
    ["Regular axe vs Regular axe", REGULAR_AXE, REGULAR_AXE, false, [25.9, 7.5]],
  ] as const)("§15 %s: wound and KO %o", (_, attacker, defender, charge, rates) => {
    expect(woundRates(pair(attacker, defender), charge)).toEqual(rates);
  });
});

describe("§10 close combat", () => {
  it("§10.2 the Hit Test lists every modifier: Parry, Deflect, [Hafted], [Stub], Outnumber", () => {
    const state = positionState({
      models: {
        a1: { hex: [10, 5], loadout: { archetype: "Average", melee: "Daggers", ranged: "Bow, Medium" } },
        a2: { hex: [12, 4] },
        b1: { hex: [11, 5], loadout: REGULAR_AXE },
      },
    });
    const spec = closeHitSpec(state, model(state, "a1"), model(state, "b1"));
    expect(spec.modifiers).toEqual([
      { name: "[Stub]", side: "active", dice: "-1m" },
      { name: "[Hafted]", side: "passive", dice: "-1m" },
      { name: "Deflect", side: "passive", dice: "+1m" },
      { name: "Outnumber", side: "active", dice: "+1w" },
    ]);
  });

  it("§10.1 §12.1 a hit wounds: raw max(1, C - w) less max(0, AR - Impact); the event carries both tests", () => {
    const state = positionState({ models: { a1: { hex: [10, 5], loadout: REGULAR_SWORD }, b1: { hex: [11, 5], loadout: REGULAR_SPEAR, wounds: 1 } } });
    let s = play(state, "attacker", { type: "activate", model: "a1" }).state;
    // hit: a1 2b [6,6] vs b1 2b 1m [1,1,1]; hindrance on b1 (a wound) gives a1 +1m -> flattened against Deflect +1m
    // damage: 2b + 2m + carry-over 2b vs 2b: faces a [6,6,6,6,6,6] p [1,1]
    const step = play(s, "attacker", { type: "close_attack", target: "b1" }, [6, 6, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1]);
    const attack = eventsOf(step.events, "close_attack")[0]!;
    expect(attack.hit!.active.pool).toEqual({ b: 2, m: 0, w: 0 });
    expect(attack.hit!.passive.pool).toEqual({ b: 2, m: 0, w: 0 });
    expect(attack.hit!.carryOver).toEqual({ b: 2, m: 0, w: 0 });
    expect(attack.damage!.active.pool).toEqual({ b: 4, m: 2, w: 0 });
    expect(attack.damage!.cascades).toBe(2 + 10 - 2);
    expect([attack.impact, attack.effectiveAR, attack.raw, attack.received]).toEqual([1, 1, 10 - 1, 8]);
    expect(eventsOf(step.events, "status")[0]).toMatchObject({ model: "b1", status: "eliminated" });
    s = step.state;
    expect(model(s, "b1").status).toBe("eliminated");
  });

  it("§3.5 Cleave turns a KO into elimination", () => {
    const state = positionState({ models: { a1: { hex: [10, 5], loadout: REGULAR_SWORD }, b1: { hex: [11, 5], loadout: REGULAR_SPEAR } } });
    const s = play(state, "attacker", { type: "activate", model: "a1" }).state;
    // hit 2b vs 2b 1m: [6,5] vs [1,1,1] -> 3 cascades, carry 1b; damage 3b 2m vs 2b: [6,6,1][1,1] vs [1,1] -> 4 cascades, raw 4 - AR 1 = 3 wounds
    const step = play(s, "attacker", { type: "close_attack", target: "b1" }, [6, 5, 1, 1, 1, 6, 6, 1, 1, 1, 1, 1]);
    expect(eventsOf(step.events, "close_attack")[0]!.received).toBe(3);
    expect(eventsOf(step.events, "status")).toEqual([{ kind: "status", model: "b1", status: "eliminated", cause: "cleave" }]);
  });

  it("§12.1 a tie on the Damage Test still wounds (raw max(1, 0 - w)); KO at 3 wounds; §10.1 a coup de grâce eliminates without dice", () => {
    const state = positionState({ models: { a1: { hex: [10, 5], loadout: REGULAR_SPEAR }, b1: { hex: [11, 5], loadout: REGULAR_SWORD, wounds: 2 } } });
    let s = play(state, "attacker", { type: "activate", model: "a1" }).state;
    // hit: a1 2b 1m (b1's Hindrance) vs 2b 2m (Parry, Deflect) -> 2b vs 2b 1m; damage 4b 2m vs 2b all 1s: 2 vs 2, a tie
    const ko = play(s, "attacker", { type: "close_attack", target: "b1" }, [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const attack = eventsOf(ko.events, "close_attack")[0]!;
    expect([attack.damage!.pass, attack.damage!.cascades, attack.raw, attack.effectiveAR, attack.received]).toEqual([true, 0, 1, 0, 1]);
    expect(model(ko.state, "b1")).toMatchObject({ status: "ko", wounds: 3, delay: 0, fear: 0 });
    s = ko.state;
    const finish = play(s, "attacker", { type: "close_attack", target: "b1" });
    expect(eventsOf(finish.events, "close_attack")[0]).toMatchObject({ coupDeGrace: true, hit: null });
    expect(eventsOf(finish.events, "status")).toEqual([{ kind: "status", model: "b1", status: "eliminated", cause: "coup_de_grace" }]);
    expect(eventsOf(finish.events, "delay")).toEqual([{ kind: "delay", model: "a1", delay: 1, reason: "repeated_attack" }]);
  });

  it("§7 repeated attacks give a Delay token once resolved; a third Delay token becomes a Stun wound", () => {
    const state = positionState({ models: { a1: { hex: [10, 5], delay: 0 }, b1: { hex: [11, 5] } } });
    let s = play(state, "attacker", { type: "activate", model: "a1" }).state;
    s = play(s, "attacker", { type: "push" }).state;
    expect(s.activation!.ap).toBe(3);
    expect(model(s, "a1").delay).toBe(1);
    // a1's Delay token: -1m to it; b1 has Parry and Deflect: 2b against 2b 3m
    const miss = [1, 1, 6, 6, 1, 1, 1];
    s = play(s, "attacker", { type: "close_attack", target: "b1" }, miss).state;
    expect(model(s, "a1").delay).toBe(1);
    const second = play(s, "attacker", { type: "close_attack", target: "b1" }, miss);
    expect(eventsOf(second.events, "delay")).toEqual([{ kind: "delay", model: "a1", delay: 2, reason: "repeated_attack" }]);
    const third = play(second.state, "attacker", { type: "close_attack", target: "b1" }, [...miss, 6, 6, 1, 1, 1, 1]);
    expect(eventsOf(third.events, "wounded")).toEqual([{ kind: "wounded", model: "a1", received: 1, wounds: 1, cause: "stun" }]);
    // the stunned attacker then takes its Fear Test (12.2): it is not Attentive, so being Engaged does not spare it
    expect(eventsOf(third.events, "fear_test").map((e) => e.model)).toEqual(["a1"]);
  });

  it("§10.1 a close attack needs an adjacent enemy; §14 a refused attack draws nothing", () => {
    const state = positionState({ models: { a1: { hex: [10, 5] }, b1: { hex: [12, 5] } } });
    const s = play(state, "attacker", { type: "activate", model: "a1" }).state;
    expect(refused(s, "attacker", { type: "close_attack", target: "b1" })).toMatchObject({ code: "illegal_target", details: { reason: "not_adjacent" } });
    expect(refused(s, "attacker", { type: "close_attack", target: "a2" })).toMatchObject({ code: "illegal_target", details: { reason: "own_model" } });
    expect(refused(s, "attacker", { type: "close_attack", target: "zz" })).toMatchObject({ code: "unknown_unit" });
  });
});
