import { hexKey } from "../../../worker/engine/hex";
import type { SkirmishState } from "../../../worker/engine/skirmish";

/** What every reachable skirmish position keeps (skirmish.md 2.2, 3.7, 6.3, 7). */
export function checkSkirmish(state: SkirmishState): void {
  const seen = new Set<string>();
  for (const m of state.models) {
    if (m.hex !== null && m.status !== "eliminated") {
      if (seen.has(hexKey(m.hex))) throw new Error(`two models on ${hexKey(m.hex)}`);
      seen.add(hexKey(m.hex));
    }
    if (m.delay < 0 || m.delay > 2) throw new Error(`${m.id} holds ${m.delay} Delay tokens`);
    if (m.fear < 0 || m.fear > 3) throw new Error(`${m.id} holds ${m.fear} Fear tokens`);
    if (m.status === "in_play" && m.wounds >= 3) throw new Error(`${m.id} is in play with ${m.wounds} wounds`);
    if (m.status !== "in_play" && (m.delay > 0 || m.fear > 0)) throw new Error(`${m.id} is ${m.status} and keeps its markers`);
  }
  const a = state.activation;
  if (a) {
    const m = state.models.find((x) => x.id === a.model)!;
    if (m.status !== "in_play" || m.done) throw new Error(`active model ${m.id} is ${m.status}, done ${m.done}`);
    if (a.ap < 0 || a.ap > 3 || a.compulsoryApLeft > a.ap) throw new Error(`activation ${JSON.stringify(a)}`);
    if (m.side !== state.activeSide) throw new Error("the active model is not of the side to act");
  }
  // the variant "activations in a row" (VARIANTS.md): a row never runs past its limit
  const limit = state.activationsInARow ?? 1;
  const made = state.activationsThisRow ?? 0;
  if (state.phase === "turn" && limit !== "all" && made > limit) {
    // a side whose opponent has no Ready model left goes on past its row (6.3)
    const otherReady = state.models.some((m) => m.side !== state.activeSide && m.status === "in_play" && !m.done);
    if (otherReady) throw new Error(`the ${state.activeSide} side is on its activation ${made} of a row of ${limit} while the other side has a Ready model`);
  }
  if (state.phase === "game_over" && state.outcome === null) throw new Error("game over without an outcome");
}
