import { dicewars } from "./dicewars";
import { moscow } from "./moscow";
import type { Ruleset } from "./ruleset";

/** Every ruleset the service hosts, by id. Erased to `unknown` state: the service only stores and forwards it. */
const all: readonly Ruleset<any, any>[] = [moscow, dicewars];

export const rulesets: ReadonlyMap<string, Ruleset> = new Map(all.map((r) => [r.id, r as Ruleset]));

export function getRuleset(id: string): Ruleset | undefined {
  return rulesets.get(id);
}
