import type { GameEvent, Ruleset } from "../engine/ruleset";

/** Lines for the events the service itself records (not the rules'). */
const SERVICE_EVENTS: Record<string, (e: GameEvent) => string> = {
  resigned: (e) => `${e.seat} resigned${e.replacedBy ? "; the computer plays that side from now on" : ""}.`,
  timeout_claimed: (e) => `${e.seat} ran out of time (claimed by ${e.by})${e.replacedBy ? "; the computer plays that side from now on" : ""}.`,
  bots_resumed: () => "The computer continued its turns.",
};

export function describeEvent(ruleset: Ruleset, event: GameEvent): string {
  const service = SERVICE_EVENTS[event.kind];
  return service ? service(event) : ruleset.describe(event);
}

export const describeAll = (ruleset: Ruleset, events: readonly GameEvent[]) => events.map((e) => describeEvent(ruleset, e));
