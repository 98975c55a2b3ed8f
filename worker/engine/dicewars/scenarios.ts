import type { Hex } from "../hex";
import type { ScenarioInfo } from "../ruleset";
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
