/** Zones of control: the hexes next to the units that exert one. */
import { hexKey, neighbours, type Hex } from "../hex";

export interface ZocRules {
  /** Whether a unit on `from` exerts its zone into the adjacent `into` (a river, the map edge...). */
  exertsInto?(from: Hex, into: Hex): boolean;
}

/** The keys (hexKey) of every hex in the zone of control of units standing on `sources`. */
export function zoneOfControl(sources: readonly Hex[], rules: ZocRules = {}): Set<string> {
  const zone = new Set<string>();
  for (const from of sources) for (const into of neighbours(from)) if (rules.exertsInto?.(from, into) ?? true) zone.add(hexKey(into));
  return zone;
}
