/** setup(): the state a scenario starts from. Draws nothing (1.1). */
import { byQR, vpHexes } from "./board";
import { UNIT_DEFS } from "./data";
import type { Scenario } from "./scenario";
import type { Control, Unit, WarshardState } from "./state";

export function initialState(scenario: Scenario): WarshardState {
  const activeSide = scenario.sides[(scenario.start.turn - 1) % 2]!;
  const units: Unit[] = scenario.units.map((u) => {
    const full = u.status === "map" && u.side === activeSide && scenario.start.phase === "movement" ? 2 * UNIT_DEFS[u.type].mobility : 0;
    const unit: Unit = {
      id: u.id,
      side: u.side,
      type: u.type,
      hex: u.hex ? [u.hex[0], u.hex[1]] : null,
      mobilityLeft: u.mobilityLeft ?? full,
      allocated: false,
      status: u.status,
      arrives: u.arrives,
    };
    if (u.name !== undefined) unit.name = u.name;
    return unit;
  });
  const shattered: Record<string, string[]> = { [scenario.sides[0]]: [], [scenario.sides[1]]: [] };
  for (const u of units) if (u.status === "shattered") shattered[u.side]!.push(u.id);
  let control: Control[];
  if (scenario.initialControl) control = scenario.initialControl.map((c) => ({ hex: [c.hex[0], c.hex[1]], side: c.side }));
  else {
    control = [];
    for (const hex of vpHexes(scenario.map)) {
      const occupant = units.find((u) => u.status === "map" && u.hex && u.hex[0] === hex[0] && u.hex[1] === hex[1]);
      if (occupant) control.push({ hex: [hex[0], hex[1]], side: occupant.side });
    }
  }
  control.sort((a, b) => byQR(a.hex, b.hex));
  return {
    scenario: { id: scenario.id, title: scenario.title },
    map: scenario.map,
    sides: [scenario.sides[0], scenario.sides[1]],
    turnLimit: scenario.turnLimit,
    turn: scenario.start.turn,
    activeSide,
    phase: scenario.start.phase,
    units,
    fights: [],
    pending: null,
    resolution: null,
    upkeep: null,
    shattered,
    replacementPoints: Object.fromEntries(Object.entries(scenario.replacementPoints).map(([s, hs]) => [s, hs.map((h) => [h[0], h[1]])])),
    control,
    outcome: null,
  };
}
