import type { Rng } from "../../../worker/engine/rng";

/** An Rng that answers the given d6 faces in order and fails loudly on anything else. */
export class ScriptedDice implements Rng {
  draws = 0;
  constructor(private readonly faces: readonly number[]) {}
  d6(): number {
    const face = this.faces[this.draws];
    if (face === undefined) throw new Error(`scripted dice ran out after ${this.draws} draws`);
    this.draws++;
    return face;
  }
  float(): number {
    throw new Error("the skirmish engine draws only d6");
  }
  int(): number {
    throw new Error("the skirmish engine draws only d6");
  }
  get spent(): boolean {
    return this.draws === this.faces.length;
  }
}
