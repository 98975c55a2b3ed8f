/** Combat results tables as data: rows are die rolls 1-6, columns the odds 1:1 .. 6:1. */
import type { CrtResult } from "./state";

export type CrtTable = readonly (readonly CrtResult[])[];

/** GDW 1986 (the default): a roll of 1 always drives the defender back; high rolls give the extremes. */
export const CRT_GDW1986: CrtTable = [
  ["DR", "DR", "DR", "DR", "DR", "DRL"],
  ["EX", "DR", "DR", "DR", "DRL", "DRL"],
  ["EX", "EX", "DR", "DR", "DRL", "DE"],
  ["NE", "EX", "EX", "DRL", "DRL", "DE"],
  ["NE", "NE", "EX", "DRL", "DE", "DE"],
  ["AL", "NE", "DRL", "DE", "DE", "DE"],
];

/** The seed's reading (option rules = "seed-spec"): no exchanges, attacker losses at low odds. */
export const CRT_SEED_SPEC: CrtTable = [
  ["AL", "AL", "AL", "NE", "NE", "DR"],
  ["AL", "AL", "NE", "NE", "DR", "DR"],
  ["AL", "NE", "NE", "DR", "DR", "DRL"],
  ["NE", "NE", "DR", "DR", "DRL", "DRL"],
  ["NE", "DR", "DR", "DRL", "DRL", "DE"],
  ["DR", "DRL", "DRL", "DE", "DE", "DE"],
];

export function crtFor(rules: string): CrtTable {
  return rules === "seed-spec" ? CRT_SEED_SPEC : CRT_GDW1986;
}

/** Result for a die roll (1-6) in an odds column (1-6). */
export function lookup(table: CrtTable, die: number, column: number): CrtResult {
  return table[die - 1]![column - 1]!;
}

export const RESULT_TEXT: Readonly<Record<CrtResult, string>> = {
  NE: "no effect",
  AL: "attacker loses a step",
  DR: "defender retreats",
  DRL: "defender loses a step and retreats",
  DE: "defender eliminated",
  EX: "exchange",
};
