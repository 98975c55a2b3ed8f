/**
 * Battle for Moscow's own invariants of a reachable state (moscow.md §4 state, §6 replacements,
 * §8 combat), run by the conformance walks on every state they reach. Plain asserts: they run
 * tens of thousands of times.
 */
import { deepStrictEqual, ok, strictEqual } from "node:assert";
import { moscow, type MoscowState } from "../../../worker/engine/moscow";
import { indexOf, UNIT_DEFS } from "../../../worker/engine/moscow/data";
import { rngFromSeed } from "../../../worker/engine/rng";
import { isRuleError } from "../../../worker/engine/ruleset";

export function checkInvariants(state: MoscowState) {
  const seen = new Set<number>();
  state.units.forEach((u, k) => {
    strictEqual(u.id, UNIT_DEFS[k]!.id);
    strictEqual(u.position === null, u.strength === "eliminated", `${u.id} position/strength`);
    if (u.position) {
      const i = indexOf(u.position);
      ok(i >= 0, `${u.id} on the map`);
      ok(!seen.has(i), `two units share ${u.position}`);
      seen.add(i);
    }
  });
  const limit = state.options.sovietReplacements;
  ok(state.sovietReplacementsRemaining >= 0);
  ok(state.sovietReplacementsRemaining <= (state.phase === "soviet_replacement" ? limit : 0));
  if (state.phase !== "german_replacement") strictEqual(state.germanReplacementUsed, true);
  strictEqual(state.firstShockArmyAvailable, state.turn >= 4 && !state.phase.endsWith("_setup"));
  if (state.turn < 4) strictEqual(state.units.find((u) => u.id === "1S")!.position, null);
  const owner = state.phase.startsWith("german") ? "german" : "soviet";
  strictEqual(new Set(state.movedThisPhase).size, state.movedThisPhase.length);
  for (const id of state.movedThisPhase) strictEqual(UNIT_DEFS.find((u) => u.id === id)!.side, owner);
  if (!state.phase.includes("movement")) deepStrictEqual(state.movedThisPhase, []);
  if (!state.phase.endsWith("combat")) deepStrictEqual(state.pendingBattles, []);
  const attackers = state.pendingBattles.flatMap((b) => b.attackers);
  strictEqual(new Set(attackers).size, attackers.length);
  ok(Object.values(state.cityControl).every((s) => s === "german" || s === "soviet"));
  if (state.outcome) {
    strictEqual(state.phase, "game_over");
    deepStrictEqual(moscow.toAct(state), []);
    deepStrictEqual(state.outcome.winners, [state.cityControl.Moscow]);
  } else {
    deepStrictEqual(moscow.toAct(state), [owner]);
  }
  // pending is set exactly when a choice is owed: then every option is accepted, and there is more than one.
  if (state.pending) {
    ok(state.phase.endsWith("combat"));
    ok(state.pendingBattles[state.pending.battleIndex]!.resolved);
    ok(state.pending.options.length > 1);
    for (const o of state.pending.options) {
      const rng = rngFromSeed("choice");
      ok(!isRuleError(moscow.apply(state, owner, o, rng)), JSON.stringify(o));
      strictEqual(rng.draws, 0);
    }
  } else if (!state.outcome) {
    for (const o of [{ type: "advance", unitId: null }, { type: "choose_losses", steps: ["XL"] }]) {
      const r = moscow.apply(state, owner, o, rngFromSeed("x"));
      strictEqual(isRuleError(r) && r.code, "invalid_choice");
    }
  }
}
