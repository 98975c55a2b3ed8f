import { dicewars } from "./dicewars";
import { moscow } from "./moscow";
import { musket } from "./musket";
import { skirmish } from "./skirmish";
import { warshard } from "./warshard";
import type { AnyRuleset } from "./ruleset";

/** Rulesets by id. The service only stores and forwards their states, so it sees them erased. */
export type Registry = ReadonlyMap<string, AnyRuleset>;

export const makeRegistry = (...all: readonly AnyRuleset[]): Registry => new Map(all.map((r) => [r.id, r]));

/** Every ruleset the service hosts. */
export const rulesets: Registry = makeRegistry(moscow, dicewars, warshard, musket, skirmish);

export function getRuleset(id: string): AnyRuleset | undefined {
  return rulesets.get(id);
}
