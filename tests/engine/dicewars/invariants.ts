/** DiceWars' own invariants of a reachable state (dicewars.md rules 3-6), run by the conformance walks. */
import { ok, strictEqual } from "node:assert";
import { type DiceWarsState, EMPTY, MAX_STRENGTH } from "../../../worker/engine/dicewars/state";

export function checkBoard(s: DiceWarsState) {
  s.owner.forEach((o, i) => {
    if (s.blocked[i]) strictEqual(o, EMPTY);
    if (o === EMPTY) strictEqual(s.strength[i], 0);
    else {
      ok(s.strength[i]! >= 1);
      ok(s.strength[i]! <= MAX_STRENGTH);
      strictEqual(s.players[o]!.eliminated, false);
    }
  });
  s.players.forEach((p, i) => strictEqual(p.eliminated, !s.owner.includes(i)));
}

