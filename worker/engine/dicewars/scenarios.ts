import { isHex, type Hex } from "../hex";
import { ruleError, type RuleError, type ScenarioInfo, type ScenarioRef } from "../ruleset";
import s10 from "../../../scenarios/dicewars/10x10.json";
import s15 from "../../../scenarios/dicewars/15x15.json";
import s20 from "../../../scenarios/dicewars/20x20.json";
import s25 from "../../../scenarios/dicewars/25x25.json";

/** One map size: the board is `size` x `size`; start cells from the seed's table. */
export interface DiceWarsScenario extends ScenarioInfo {
  size: number;
  offset: number;
  starts: Record<"p1" | "p2" | "p3" | "p4", Hex>;
}

type ScenarioFile = Omit<DiceWarsScenario, "starts"> & { starts: Record<"p1" | "p2" | "p3" | "p4", number[]> };

const cell = (value: number[]): Hex => [value[0]!, value[1]!];

function fromFile(file: ScenarioFile): DiceWarsScenario {
  const { p1, p2, p3, p4 } = file.starts;
  return { ...file, starts: { p1: cell(p1), p2: cell(p2), p3: cell(p3), p4: cell(p4) } };
}

export const SCENARIOS: readonly DiceWarsScenario[] = [s10, s15, s20, s25].map(fromFile);

export function findScenario(id: string): DiceWarsScenario | undefined {
  return SCENARIOS.find((s) => s.id === id);
}

/** The seed's formula the table was built from: offset = max(1, floor(N / 10)). */
export function startOffset(size: number): number {
  return Math.max(1, Math.floor(size / 10));
}

/** Start cells of the first `players` seats, in seat order. */
export function startCells(scenario: DiceWarsScenario, players: number): Hex[] {
  return (["p1", "p2", "p3", "p4"] as const).slice(0, players).map((seat) => scenario.starts[seat]);
}

const SIZES = { min: 6, max: 25 };
const FIELDS = new Set(["id", "title", "line", "size", "offset", "starts"]);

const bad = (field: string, message: string, extra: Record<string, unknown> = {}): RuleError<"bad_scenario"> =>
  ruleError("bad_scenario", `Scenario ${field}: ${message}`, { field, ...extra });

/**
 * A built-in map size by id, or an inline scenario in the shape of scenarios/dicewars/*.json:
 * a board size and a start cell for each of p1..p4, on the board and all different. The
 * blocked cells are still generated from the game's seed.
 */
export function resolveScenario(ref: ScenarioRef): DiceWarsScenario | RuleError<"bad_scenario"> {
  if (typeof ref === "string") {
    return findScenario(ref) ?? ruleError("bad_scenario", `Unknown scenario "${ref}": choose one of ${SCENARIOS.map((s) => s.id).join(", ")}`, { scenario: ref });
  }
  for (const key of Object.keys(ref)) if (!FIELDS.has(key)) return bad(key, `unknown field (use ${[...FIELDS].join(", ")})`);
  const size = ref.size;
  if (!Number.isInteger(size) || (size as number) < SIZES.min || (size as number) > SIZES.max) return bad("size", `must be a whole number from ${SIZES.min} to ${SIZES.max}`);
  const n = size as number;
  const starts = ref.starts;
  if (typeof starts !== "object" || starts === null || Array.isArray(starts)) return bad("starts", "must be {p1: [q, r], p2: ..., p3: ..., p4: ...}");
  const cells: Partial<Record<"p1" | "p2" | "p3" | "p4", Hex>> = {};
  const seen = new Set<string>();
  for (const seat of ["p1", "p2", "p3", "p4"] as const) {
    const at = (starts as Record<string, unknown>)[seat];
    const field = `starts.${seat}`;
    if (!isHex(at)) return bad(field, "must be a cell [q, r] of two whole numbers");
    if (at[0] < 0 || at[0] >= n || at[1] < 0 || at[1] >= n) return bad(field, `[${at[0]},${at[1]}] is not on the ${n}×${n} board (0 ≤ q, r < ${n})`, { cell: at });
    if (seen.has(`${at[0]},${at[1]}`)) return bad(field, `[${at[0]},${at[1]}] is already another player's start`, { cell: at });
    seen.add(`${at[0]},${at[1]}`);
    cells[seat] = [at[0], at[1]];
  }
  for (const [field, max] of [["id", 40], ["title", 80], ["line", 200]] as const) {
    if (ref[field] !== undefined && (typeof ref[field] !== "string" || (ref[field] as string).length > max)) return bad(field, `must be a string of at most ${max} characters`);
  }
  return {
    id: "custom",
    title: typeof ref.title === "string" ? ref.title : `Custom ${n}×${n} map`,
    line: typeof ref.line === "string" ? ref.line : "",
    size: n,
    offset: startOffset(n),
    starts: cells as Record<"p1" | "p2" | "p3" | "p4", Hex>,
  };
}
