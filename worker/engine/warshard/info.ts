/** fightsInfo(): every Fight declared so far with its odds as resolution would see them (13), for the page. */
import type { Hex } from "../hex";
import { cell } from "./board";
import { fightOdds, supplyOf, type FightOdds } from "./odds";
import type { WarshardState } from "./state";

export type FightInfo = { hex: Hex } & FightOdds;

export function fightsInfo(state: WarshardState): FightInfo[] {
  const supply = supplyOf(state);
  return state.fights.map((f) => ({ hex: cell(f.hex), ...fightOdds(state, f, supply) }));
}
