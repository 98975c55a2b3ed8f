/**
 * §Combat: battles are resolved one at a time, in any order the attacker picks. resolve_all_battles
 * (a decision of ours, worker/engine/moscow/combat.ts applyResolveAll) is that attacker resolving
 * every open battle in the declared order, up to the first choice owed: checked here against
 * resolve_battle one after another, with the same dice, at every position of seeded games
 * where legal() offers it.
 */
import { describe, expect, it } from "vitest";
import { moscow, type MoscowState } from "../../../worker/engine/moscow";
import { rngFromSeed } from "../../../worker/engine/rng";

/** resolve_battle for each open battle in index order, stopping where a choice is owed, on one dice stream. */
function oneByOne(state: MoscowState, seat: string, seed: string) {
  const rng = rngFromSeed(seed);
  let s = state;
  const events: unknown[] = [];
  for (let i = 0; i < s.pendingBattles.length && !s.pending; i++) {
    if (s.pendingBattles[i]!.resolved) continue;
    const r = moscow.apply(s, seat, { type: "resolve_battle", battleIndex: i }, rng);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

describe("§Combat: resolve_all_battles", () => {
  it("is resolve_battle for every open battle in the declared order, up to the first choice owed, with the same dice", () => {
    let compared = 0;
    let stoppedAtChoice = 0;
    for (let g = 0; g < 12; g++) {
      const seedRng = rngFromSeed(`resolve-all-${g}`);
      let state = moscow.setup("standard", moscow.parseOptions(undefined) as never, seedRng) as MoscowState;
      for (let step = 0; step < 3000 && !moscow.outcome(state); step++) {
        const seat = moscow.toAct(state)[0]!;
        const offered = moscow.legal(state, seat).choices.some((c) => c.action.type === "resolve_all_battles");
        if (offered) {
          const seed = `dice-${g}-${step}`;
          const all = moscow.apply(state, seat, { type: "resolve_all_battles" }, rngFromSeed(seed));
          if (!all.ok) throw new Error(all.message);
          const each = oneByOne(state, seat, seed);
          expect(all.state).toEqual(each.state);
          expect(all.events).toEqual(each.events);
          compared++;
          if (all.state.pending) stoppedAtChoice++;
          // once every battle is resolved, it is no longer offered
          if (!all.state.pending && !all.state.pendingBattles.some((b) => !b.resolved)) {
            expect(moscow.legal(all.state, seat).choices.some((c) => c.action.type === "resolve_all_battles")).toBe(false);
          }
        }
        const r = moscow.apply(state, seat, moscow.bot(state, seat, seedRng), seedRng);
        if (!r.ok) throw new Error(r.message);
        state = r.state;
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(stoppedAtChoice).toBeGreaterThan(0);
  });

  it("is refused outside the combat phase", () => {
    const rng = rngFromSeed("refused");
    const state = moscow.setup("standard", moscow.parseOptions(undefined) as never, rng) as MoscowState;
    const r = moscow.apply(state, moscow.toAct(state)[0]!, { type: "resolve_all_battles" }, rng);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe("wrong_phase");
  });
});
