import { skirmish } from "../../../worker/engine/skirmish";
import { conformance } from "../conformance";
import { checkSkirmish } from "./invariants";

// modest by default (the machine is shared); SKIRMISH_WALKS=200 for a long run
const WALKS = Number(process.env.SKIRMISH_WALKS ?? 6);

conformance(
  skirmish,
  [
    { scenario: "small-elimination", walks: WALKS, walkLength: 120, games: 2, maxActions: 5000 },
    { scenario: "small-clash", walks: WALKS, walkLength: 120, games: 2, maxActions: 5000 },
    { scenario: "small-clash", options: { lighting: "night", koIsElimination: "yes" }, walks: Math.max(1, WALKS / 2), walkLength: 120, games: 1, maxActions: 5000 },
    // the variant "activations in a row" (VARIANTS.md)
    { scenario: "small-clash", options: { activationsInARow: 2 }, walks: Math.max(1, WALKS / 2), walkLength: 120, games: 1, maxActions: 5000 },
    { scenario: "small-elimination", options: { activationsInARow: "all" }, walks: Math.max(1, WALKS / 2), walkLength: 120, games: 1, maxActions: 5000 },
  ],
  checkSkirmish,
);
