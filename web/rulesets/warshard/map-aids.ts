/** The overlays a player can switch on under the WarShard map: the enemy's zones of control and the viewer's supply. */
import type { MapAid } from "../../components/GameBoard";
import { allHexes, hexKey, printedId, suppliedHexes, zocOf, type WarshardState } from "./engine";

export function mapAids(shown: WarshardState, viewer: string, enemy: string): MapAid[] {
  return [
    { label: "enemy zones", cls: "ws-zoc", cells: () => allHexes(shown.map).filter((h) => zocOf(shown, enemy).has(hexKey(h))).map(printedId) },
    {
      label: "supply",
      cls: "ws-supply",
      cells: () => {
        const sup = suppliedHexes(shown, viewer);
        return allHexes(shown.map).filter((h) => sup.has(hexKey(h))).map(printedId);
      },
    },
  ];
}
