/**
 * The rulesets' pages, each loaded only by its own games (one dynamic import). Apart from the
 * props contract (types.ts), which every page imports: a page importing the registry that
 * imports it would close a circle.
 */
import type { RulesetModule } from "./types";

/** One entry per ruleset with a board; a game page imports only its own. */
export const RULESET_VIEWS: Record<string, () => Promise<RulesetModule>> = {
  moscow: () => import("./moscow/index"),
  dicewars: () => import("./dicewars/index"),
  musket: () => import("./musket/index"),
  warshard: () => import("./warshard/index"),
  skirmish: () => import("./skirmish/index"),
};
