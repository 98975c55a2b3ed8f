import { hexKey } from "../../../worker/engine/hex";
import type { WarshardState } from "../../../worker/engine/warshard";

/** What must hold in every reachable state. */
export function checkInvariants(state: WarshardState): void {
  const fail = (m: string) => {
    throw new Error(`invariant: ${m}`);
  };
  const ids = new Set<string>();
  for (const u of state.units) {
    if (ids.has(u.id)) fail(`unit ${u.id} twice`);
    ids.add(u.id);
    if (u.status === "map" && !u.hex) fail(`${u.id} on the map without a hex`);
    if ((u.status === "shattered" || u.status === "destroyed") && u.hex) fail(`${u.id} off the map with a hex`);
    if (u.mobilityLeft < 0) fail(`${u.id} has negative mobility`);
  }
  for (const side of state.sides) {
    for (const id of state.shattered[side] ?? []) {
      const u = state.units.find((x) => x.id === id);
      if (!u || u.side !== side || u.status !== "shattered") fail(`shattered list of ${side} holds ${id}`);
    }
  }
  const hexes = new Map<string, Set<string>>();
  for (const u of state.units) {
    if (u.status !== "map") continue;
    const k = hexKey(u.hex!);
    hexes.set(k, (hexes.get(k) ?? new Set()).add(u.side));
  }
  for (const [k, sides] of hexes) if (sides.size > 1) fail(`both sides in hex ${k}`);
  if (state.turn < 1 || state.turn > state.turnLimit) fail(`turn ${state.turn}`);
  if (state.phase === "game_over" && !state.outcome) fail("game over without an outcome");
}
