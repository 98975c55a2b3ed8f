import { dicewars } from "../../../worker/engine/dicewars";
import { conformance } from "../conformance";

// The long runs (100 games per size) are in selfplay-*.test.ts; these are the shared checks.
conformance(dicewars, [
  { scenario: "10x10", games: 3, maxActions: 20_000 },
  { scenario: "15x15", games: 2, maxActions: 40_000 },
  { scenario: "20x20", games: 2, maxActions: 60_000 },
  { scenario: "25x25", games: 2, maxActions: 80_000 },
  { scenario: "10x10", options: { players: 2 }, games: 3, maxActions: 20_000 },
  { scenario: "15x15", options: { players: 3 }, games: 2, maxActions: 40_000 },
  { scenario: "10x10", options: { roundLimit: 50 }, games: 2, maxActions: 20_000 },
]);
