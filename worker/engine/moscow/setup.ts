/** Scenarios: the standard game's two setup phases and the quickstart deployment. */
import type { MoscowError } from "./errors";
import type { MoscowEvent } from "./events";
import { fromPrintedId, printedId } from "../hex";
import { ruleError } from "../ruleset";
import { CITY_OWNERS, hexLabel, hexOf, indexOf, SETUP_HEXES, sideName, UNIT_DEFS, unitDef, type ScenarioFile, type Side } from "./data";
import { openingPhase, advancePhase } from "./phases";
import type { MoscowOptions, MoscowState, Phase, Placement, UnitState } from "./state";
import { withUnit } from "./board";

/** How many units each side sets up. */
export const SETUP_COUNT: Readonly<Record<Side, number>> = { german: SETUP_HEXES.german.length, soviet: SETUP_HEXES.soviet.length };

function blankState(scenario: string, options: MoscowOptions, phase: Phase): MoscowState {
  return {
    scenario,
    options,
    turn: 1,
    phase,
    units: UNIT_DEFS.map((d): UnitState => ({ id: d.id, position: null, strength: "eliminated" })),
    cityControl: { ...CITY_OWNERS },
    pendingBattles: [],
    battlesDeclared: false,
    pending: null,
    movedThisPhase: [],
    germanReplacementUsed: true,
    sovietReplacementsRemaining: 0,
    firstShockArmyAvailable: false,
    replacedThisTurn: [],
    citiesUsedThisTurn: [],
    outcome: null,
  };
}

/** The initial state of a scenario (resolveScenario checked it). */
export function initialState(file: ScenarioFile, options: MoscowOptions): MoscowState {
  let state = blankState(file.id, options, file.start.phase as Phase);
  state.turn = file.start.turn; // a fresh literal, not yet handed out
  if (!file.german && !file.soviet) return state;
  for (const side of ["german", "soviet"] as const) {
    for (const [hex, id] of Object.entries(file[side] ?? {})) {
      const h = fromPrintedId(hex)!;
      state = withUnit(state, id, { position: [h[0], h[1]], strength: side === "german" ? "full" : "half" });
    }
  }
  return openingPhase(state, []);
}


export function applySetup(state: MoscowState, side: Side, placements: Placement[]): { state: MoscowState; events: MoscowEvent[] } | MoscowError {
  const need = SETUP_COUNT[side];
  const hexes = SETUP_HEXES[side];
  const fail = (message: string, details: Record<string, unknown> = {}) => ruleError("invalid_setup", message, details);
  if (placements.length !== need) {
    return fail(`The ${sideName(side)} setup places exactly ${need} units, one on each ${sideName(side)} setup hex (got ${placements.length})`, {
      expected: need,
      got: placements.length,
    });
  }
  const seenUnits = new Set<string>();
  const seenHexes = new Set<number>();
  for (const p of placements) {
    const def = unitDef(p.unitId);
    if (!def) return ruleError("unknown_unit", `There is no unit "${p.unitId}"`, { unitId: p.unitId });
    if (def.side !== side) return fail(`${p.unitId} is a ${sideName(def.side)} unit`, { unitId: p.unitId, reason: "not your unit" });
    if (def.fromTurn > 1) {
      return fail(`${p.unitId} (${def.name}) may not be set up: it arrives as a replacement from turn ${def.fromTurn}`, {
        unitId: p.unitId,
        reason: "not available",
      });
    }
    if (seenUnits.has(p.unitId)) return fail(`${p.unitId} is placed twice`, { unitId: p.unitId, reason: "placed twice" });
    seenUnits.add(p.unitId);
    const i = indexOf(p.hex);
    if (i < 0 || !hexes.includes(i)) {
      return fail(`${p.unitId} cannot set up at ${hexLabel(p.hex)}: it is not a ${sideName(side)} setup hex`, {
        unitId: p.unitId,
        hex: hexLabel(p.hex),
        reason: "not a setup hex",
      });
    }
    if (seenHexes.has(i)) return fail(`Two units are placed at ${hexLabel(i)}`, { hex: hexLabel(i), reason: "hex used twice" });
    seenHexes.add(i);
  }
  let next = state;
  for (const p of placements) {
    const h = hexOf(indexOf(p.hex));
    next = withUnit(next, p.unitId, { position: [h[0], h[1]], strength: side === "german" ? "full" : "half" });
  }
  const pool = UNIT_DEFS.filter((d) => d.side === side && !seenUnits.has(d.id)).map((d) => d.id);
  const events: MoscowEvent[] = [
    {
      kind: "setup_done",
      side,
      placements: placements.map((p) => ({ unitId: p.unitId, hex: printedId(p.hex) })),
      pool,
    },
  ];
  next = advancePhase(next, events);
  return { state: next, events };
}
