/**
 * The three die kinds of a test and what each face scores (skirmish.md 4.1). Rules as data:
 * a face is looked up, never branched on.
 */
export const DIE_KINDS = ["b", "m", "w"] as const;
export type DieKind = (typeof DIE_KINDS)[number];

export const DIE_NAMES: Readonly<Record<DieKind, string>> = { b: "base", m: "modifier", w: "wild" };

/** Successes by face 1..6 (index 0 = face 1). */
export const SUCCESSES: Readonly<Record<DieKind, readonly number[]>> = {
  b: [0, 0, 0, 1, 1, 2],
  m: [0, 0, 0, 1, 1, 1],
  w: [0, 0, 0, 1, 1, 3],
};

/** Faces that give one bonus die of the same kind to the next test on a pass. */
export const CARRIES: Readonly<Record<DieKind, readonly number[]>> = {
  b: [6],
  m: [6],
  w: [4, 5, 6],
};

export const FACES = [1, 2, 3, 4, 5, 6] as const;

export function faceSuccesses(kind: DieKind, face: number): number {
  return SUCCESSES[kind][face - 1] ?? 0;
}
