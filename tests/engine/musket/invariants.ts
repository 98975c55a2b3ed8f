/** What holds in every reachable musket state (musket.md 1, 3.2, 5.1, 9.5). */
import { hexKey } from "../../../worker/engine/hex";
import type { MusketState } from "../../../worker/engine/musket";
import { onBoard } from "../../../worker/engine/musket/board";

export function checkInvariants(state: MusketState): void {
  const seen = new Set<string>();
  const ids = new Set<string>();
  for (const u of state.units) {
    if (!onBoard(state.map, u.hex)) throw new Error(`${u.id} is off the board`);
    if (seen.has(hexKey(u.hex))) throw new Error(`two units on ${hexKey(u.hex)} (no stacking, §1)`);
    seen.add(hexKey(u.hex));
    if (u.sp < 1 || u.sp > u.maxSp) throw new Error(`${u.id} has ${u.sp} SP of ${u.maxSp} (§9.5)`);
    if (u.id !== state.activeUnit && (u.mpUsed !== 0 || u.fired || u.roadOk)) throw new Error(`${u.id} keeps activation state outside its activation (§5.2)`);
    ids.add(u.id);
  }
  for (const r of [...state.eliminated, ...state.exited]) if (ids.has(r.id)) throw new Error(`${r.id} is both on and off the map`);
  const hosts = new Set<string>();
  for (const l of state.leaders) {
    if (!ids.has(l.unit)) throw new Error(`leader ${l.id} rides with ${l.unit}, which is not on the map (§9.5)`);
    if (hosts.has(l.unit)) throw new Error(`${l.unit} carries two leaders`);
    hosts.add(l.unit);
  }
  if ((state.step === "action") !== (state.activeUnit !== null)) throw new Error(`step ${state.step} with active unit ${state.activeUnit} (§5.1)`);
  if ((state.step === "game_over") !== (state.outcome !== null)) throw new Error(`step ${state.step} with outcome ${JSON.stringify(state.outcome)}`);
  if (state.turn < 1 || state.turn > state.turnLimit) throw new Error(`turn ${state.turn} beyond the limit ${state.turnLimit} (§10)`);
}
