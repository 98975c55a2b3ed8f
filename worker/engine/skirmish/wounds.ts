/**
 * Wounds, Delay tokens and leaving play (skirmish.md 7 Stun, 12.1): KO at SIZ wounds,
 * eliminated at SIZ + 3; a KO'd model loses its Delay and Fear markers.
 */
import { model, type Draft } from "./draft";
import type { StatusCause } from "./events";
import { inPlay } from "./status";

export const MAX_DELAY = 2;
export const ELIMINATION_MARGIN = 3;

export function eliminate(draft: Draft, id: string, cause: StatusCause): void {
  const m = model(draft, id);
  if (m.status === "eliminated") return;
  m.status = "eliminated";
  m.delay = 0;
  m.fear = 0;
  m.bottled = cause === "bottled";
  draft.events.push({ kind: "status", model: id, status: "eliminated", cause });
}

/** Adds wounds and settles KO / elimination; `cleave` turns this KO into elimination. */
export function addWounds(draft: Draft, id: string, received: number, cause: "attack" | "stun", cleave = false): void {
  const m = model(draft, id);
  if (received <= 0 || m.status === "eliminated") return;
  m.wounds += received;
  if (!draft.woundedThisAction.includes(id)) draft.woundedThisAction.push(id);
  draft.events.push({ kind: "wounded", model: id, received, wounds: m.wounds, cause });
  const siz = m.profile.attributes.SIZ;
  if (m.wounds >= siz + ELIMINATION_MARGIN) return eliminate(draft, id, "wounds");
  if (m.wounds >= siz && m.status === "in_play") {
    if (cleave) return eliminate(draft, id, "cleave");
    if (draft.state.koIsElimination) return eliminate(draft, id, "ko_rule");
    m.status = "ko";
    m.delay = 0;
    m.fear = 0;
    draft.events.push({ kind: "status", model: id, status: "ko", cause: "wounds" });
  }
}

/** Delay tokens past 2 become Wounds at once, armor aside (7, Stun). */
export function addDelay(draft: Draft, id: string, count: number, reason: "push" | "repeated_attack" | "repeated_disengage"): void {
  const m = model(draft, id);
  if (!inPlay(m)) return;
  const total = m.delay + count;
  m.delay = Math.min(MAX_DELAY, total);
  draft.events.push({ kind: "delay", model: id, delay: m.delay, reason });
  if (total > MAX_DELAY) addWounds(draft, id, total - MAX_DELAY, "stun");
}
