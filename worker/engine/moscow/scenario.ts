/**
 * Scenarios: one of the built-in files by id, or an inline scenario in the same shape as
 * scenarios/moscow/quickstart.json (a start and the units on the printed map). The map and
 * the order of battle are the game's own: an inline scenario places units, it cannot redraw.
 */
import { fromPrintedId } from "../hex";
import { ruleError, type ScenarioRef } from "../ruleset";
import { indexOf, SCENARIO_FILES, sideName, unitDef, type ScenarioFile, type Side } from "./data";
import type { MoscowError } from "./errors";
import { LAST_TURN, TURN_PHASES } from "./state";

const PHASES: readonly string[] = ["soviet_setup", ...TURN_PHASES];
const FIELDS = new Set(["id", "title", "line", "base", "note", "start", "german", "soviet"]);

const bad = (field: string, message: string, extra: Record<string, unknown> = {}): MoscowError =>
  ruleError("bad_scenario", `Scenario ${field}: ${message}`, { field, ...extra });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const shortText = (v: unknown, max: number) => v === undefined || (typeof v === "string" && v.length <= max);

function checkPlacements(raw: Record<string, unknown>, turn: number, setupPhase: boolean): MoscowError | null {
  const hexes = new Set<string>();
  const units = new Set<string>();
  for (const side of ["german", "soviet"] as const) {
    const placed = raw[side];
    if (placed === undefined) continue;
    if (!isObject(placed)) return bad(side, 'must be an object of printed hex ids to unit ids, e.g. {"0305": "XLVI"}');
    if (setupPhase && Object.keys(placed).length > 0) return bad(side, "a scenario that starts with the set-up places no units");
    for (const [hex, unit] of Object.entries(placed)) {
      const field = `${side}.${hex}`;
      const at = /^\d{4}$/.test(hex) ? fromPrintedId(hex) : null;
      if (!at || indexOf(at) < 0) return bad(field, `there is no hex ${hex} on the map (columns 01-14, rows 01-10)`, { hex });
      if (hexes.has(hex)) return bad(field, `hex ${hex} holds two units`, { hex });
      hexes.add(hex);
      const def = typeof unit === "string" ? unitDef(unit) : undefined;
      if (!def) return bad(field, `there is no unit ${JSON.stringify(unit)}`, { hex });
      if (def.side !== side) return bad(field, `${unit} is a ${sideName(def.side)} unit`, { hex, unit });
      if (def.fromTurn > turn) return bad(field, `${unit} arrives only from turn ${def.fromTurn}`, { hex, unit });
      if (units.has(unit as string)) return bad(field, `${unit} is placed twice`, { hex, unit });
      units.add(unit as string);
    }
  }
  return null;
}

/** The scenario a game starts from, or why it cannot be. */
export function resolveScenario(ref: ScenarioRef): ScenarioFile | MoscowError {
  if (typeof ref === "string") {
    return SCENARIO_FILES.find((s) => s.id === ref) ?? ruleError("bad_scenario", `Battle for Moscow has no scenario "${ref}"`, { scenario: ref });
  }
  for (const key of Object.keys(ref)) {
    if (key === "map" || key === "units") return bad(key, "the map and the order of battle cannot be changed; place units with german and soviet");
    if (!FIELDS.has(key)) return bad(key, `unknown field (use ${[...FIELDS].join(", ")})`);
  }
  if (ref.base !== undefined && ref.base !== "standard") return bad("base", 'the only base is "standard"');
  for (const [field, max] of [["id", 40], ["title", 80], ["line", 200], ["note", 2000]] as const) {
    if (!shortText(ref[field], max)) return bad(field, `must be a string of at most ${max} characters`);
  }
  const start = ref.start;
  if (!isObject(start)) return bad("start", 'must be {"turn": 1-7, "phase": "..."}');
  const turn = start.turn;
  if (!Number.isInteger(turn) || (turn as number) < 1 || (turn as number) > LAST_TURN) return bad("start.turn", `must be a whole number from 1 to ${LAST_TURN}`);
  if (typeof start.phase !== "string" || !PHASES.includes(start.phase)) return bad("start.phase", `must be one of ${PHASES.join(", ")}`);
  if (start.phase === "soviet_setup" && turn !== 1) return bad("start.turn", "the set-up comes before turn 1");
  const refused = checkPlacements(ref, turn as number, start.phase === "soviet_setup");
  if (refused) return refused;
  return {
    id: "custom",
    title: typeof ref.title === "string" ? ref.title : "Custom scenario",
    line: typeof ref.line === "string" ? ref.line : "",
    start: { turn: turn as number, phase: start.phase },
    german: (ref.german ?? {}) as Record<string, string>,
    soviet: (ref.soviet ?? {}) as Record<string, string>,
  };
}
