/**
 * Sending a batch, for every ruleset: one request at a time (busy), the error a player reads,
 * A game that moved on (a 409 stale_seq) is the game page's banner to tell, with its reload.
 */
import { useState } from "preact/hooks";
import type { Submitted } from "../api";
import type { RulesetPageProps } from "../rulesets/types";

export function useSend<S>(submit: RulesetPageProps<S>["submit"]) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The server's answer, or null after a refusal (its sentence is in `error`) or while busy. */
  const send = async (actions: unknown[]): Promise<Submitted<S> | null> => {
    if (busy || actions.length === 0) return null;
    setBusy(true);
    setError(null);
    const r = await submit(actions);
    setBusy(false);
    if (r.ok) return r.result;
    setError(r.code === "stale_seq" ? null : r.message);
    return null;
  };
  return { busy, error, setError, send };
}
