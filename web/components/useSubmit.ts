/**
 * The game page's sending: one batch against the seq the page holds, under an idempotency key
 * that the same batch at the same seq keeps (resending after a lost answer is safe), its answer
 * taken as the game's new position.
 */
import { useRef, type MutableRef } from "preact/hooks";
import { api, ApiError, plainMessage, randomKey, type GameView, type Submitted } from "../api";
import type { SubmitResult } from "../rulesets/types";

export interface SubmitTarget {
  id: string;
  token: string | null;
  gameRef: MutableRef<GameView | null>;
  whileSending: <R extends { seq: number }>(send: () => Promise<R>) => Promise<R>;
  moved: (g: GameView, r: Submitted<unknown>) => void;
  /** The game moved on before the batch arrived (409 stale_seq). */
  onStale: () => void;
  /** The batch ended the game: the page reads it again (the seed is revealed, the rematch offered). */
  onEnded: () => void;
}

export function useSubmit(t: SubmitTarget) {
  const keyRef = useRef<{ sig: string; key: string } | null>(null);
  return async (actions: unknown[]): Promise<SubmitResult<unknown>> => {
    const { id, token, gameRef } = t;
    const g = gameRef.current;
    if (!g || !token) return { ok: false, code: "unauthorized", message: "Only a player with the game's link can move." };
    const sig = `${g.seq}:${JSON.stringify(actions)}`;
    if (keyRef.current?.sig !== sig) keyRef.current = { sig, key: randomKey() };
    const key = keyRef.current.key;
    try {
      const r = await t.whileSending(() => api.actions(id, token, g.seq, actions, key));
      keyRef.current = null;
      t.moved(g, r);
      if (r.status === "finished" || r.outcome) t.onEnded();
      return { ok: true, result: r };
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.code === "stale_seq") t.onStale();
        if (e.status !== 0) keyRef.current = null;
        return { ok: false, code: e.code, message: plainMessage(e), index: e.index };
      }
      return { ok: false, code: "server", message: plainMessage(e) };
    }
  };
}
