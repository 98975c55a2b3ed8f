import { saveOrders } from "../store/repository";
import type { Deps } from "../deps";
import { ServiceError } from "./errors";
import { requireActive, requireSeat, type Opened } from "./load";

/**
 * Sets the caller's standing orders: for each kind of owed choice the ruleset declares, a
 * policy id, or null to be asked every time. They answer choices owed from the next change on.
 */
export async function setOrders(deps: Deps, opened: Opened, given: Record<string, string | null>) {
  const you = requireSeat(opened);
  requireActive(opened);
  const kinds = opened.ruleset.choiceKinds;
  const orders: Record<string, string> = { ...(you.orders ?? {}) };
  for (const [kind, policy] of Object.entries(given)) {
    const spec = kinds.find((k) => k.kind === kind);
    if (!spec) {
      const known = kinds.map((k) => k.kind).join(", ") || "none";
      throw new ServiceError(422, "bad_order", `${opened.ruleset.title} owes no choice of kind "${kind}" (kinds: ${known})`, { field: `orders.${kind}` });
    }
    if (policy === null) {
      delete orders[kind];
    } else if (!spec.policies.some((p) => p.id === policy)) {
      throw new ServiceError(422, "bad_order", `"${policy}" is not a policy for ${spec.title}; choose one of ${spec.policies.map((p) => p.id).join(", ")}`, {
        field: `orders.${kind}`,
      });
    } else {
      orders[kind] = policy;
    }
  }
  await saveOrders(deps.db, opened.game.id, you.seat, orders);
  return { seat: you.seat, orders };
}
