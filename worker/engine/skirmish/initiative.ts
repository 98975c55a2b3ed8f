/**
 * The initiative test at the start of every turn (skirmish.md 6.2): an opposed INT test of the
 * two designated leaders, side 0 rolling first; ties on the face totals, then d6 roll-offs.
 */
import { faceTotal, rollTest, type Modifier } from "./dice";
import type { Draft } from "./draft";
import { designated } from "./morale";
import { hindranceTypes } from "./status";
import type { SideIndex } from "./state";

/**
 * decision: roll-offs stop after 50 ties (a 1 in 6^50 event) with side 0 winning, so that a
 * broken dice record (RecordedRng answers a fixed face once it runs out) cannot loop forever.
 */
export const MAX_ROLL_OFFS = 50;

export function rollInitiative(draft: Draft): SideIndex {
  const state = draft.state;
  const leaders = [designated(state, 0, "INT"), designated(state, 1, "INT")] as const;
  const sides = ["active", "passive"] as const;
  const modifiers: Modifier[] = [];
  leaders.forEach((leader, i) => {
    const n = leader ? hindranceTypes(leader) : 0;
    if (n > 0) modifiers.push({ name: "Hindrance", side: sides[i]!, dice: `-${n}m` });
  });
  if (state.turn === 1 && state.sides[0].startBP !== state.sides[1].startBP) {
    modifiers.push({ name: "Fewer BP", side: state.sides[0].startBP < state.sides[1].startBP ? "active" : "passive", dice: "+1b" });
  }
  const participant = (i: 0 | 1) => ({ model: leaders[i]?.id ?? null, attr: "INT", value: leaders[i]?.profile.attributes.INT ?? 0 });
  const test = rollTest(
    { test: "initiative", dr: 0, active: participant(0), passive: participant(1), modifiers, rules: { noDice: { active: leaders[0] === null, passive: leaders[1] === null } } },
    draft.rng,
  );
  const faceTotals = { attacker: faceTotal(test.active.faces), defender: faceTotal(test.passive.faces) };
  const rollOffs: [number, number][] = [];
  let winner: SideIndex;
  if (test.active.score !== test.passive.score) winner = test.active.score > test.passive.score ? 0 : 1;
  else if (faceTotals.attacker !== faceTotals.defender) winner = faceTotals.attacker > faceTotals.defender ? 0 : 1;
  else {
    winner = 0;
    for (let i = 0; i < MAX_ROLL_OFFS; i++) {
      const roll: [number, number] = [draft.rng.d6(), draft.rng.d6()];
      rollOffs.push(roll);
      if (roll[0] !== roll[1]) {
        winner = roll[0] > roll[1] ? 0 : 1;
        break;
      }
    }
  }
  // decision: the initiative is no pass/fail test; its record says pass = side 0 won (after any tie-break), 0 cascades and misses
  const record = { ...test, pass: winner === 0, cascades: 0, misses: 0, carryOver: { b: 0, m: 0, w: 0 } };
  draft.events.push({
    kind: "initiative",
    turn: state.turn,
    leaders: { attacker: leaders[0]?.id ?? null, defender: leaders[1]?.id ?? null },
    test: record,
    faceTotals,
    rollOffs,
    winner: winner === 0 ? "attacker" : "defender",
  });
  return winner;
}
