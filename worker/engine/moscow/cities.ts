/** City control: a city changes hands when a unit of the other side ends a move, retreat or advance in it. */

import type { MoscowEvent } from "./events";
import { copyState } from "./copy";
import { CITY_AT, hexOf, MOSCOW, type Side } from "./data";
import type { MoscowState } from "./state";

/** The state after a unit of `side` came to rest on `hexIndex` (unchanged unless it is an enemy city). */
export function enterHex(state: MoscowState, side: Side, hexIndex: number, events: MoscowEvent[]): MoscowState {
  const city = CITY_AT.get(hexIndex);
  if (!city || state.cityControl[city] === side) return state;
  const previous = state.cityControl[city];
  events.push({ kind: "city_captured", city, hex: hexOf(hexIndex), side, previous });
  // a copy of the state's own shape (a spread makes a slow object for every later read)
  const next = copyState(state);
  const cityControl = { ...state.cityControl };
  cityControl[city] = side;
  next.cityControl = cityControl;
  return next;
}

export function controls(state: MoscowState, side: Side, hexIndex: number): boolean {
  const city = CITY_AT.get(hexIndex);
  return city !== undefined && state.cityControl[city] === side;
}

export function moscowOwner(state: MoscowState): Side {
  return state.cityControl[CITY_AT.get(MOSCOW)!]!;
}
