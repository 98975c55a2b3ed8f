import { dicewars } from "../../../worker/engine/dicewars";
import { conformance } from "../conformance";
import { checkBoard } from "./invariants";

const WALKS = Number(process.env.CONFORMANCE_WALKS ?? 200);

// The long runs (100 games per size) are in selfplay-*.test.ts; these are the shared checks.
conformance(
  dicewars,
  [
    { scenario: "10x10", walks: WALKS, walkLength: 150, games: 3, maxActions: 20_000 },
    { scenario: "15x15", walks: WALKS, walkLength: 150, games: 2, maxActions: 40_000 },
    { scenario: "20x20", walks: WALKS, walkLength: 120, games: 1, maxActions: 60_000 },
    { scenario: "25x25", walks: WALKS, walkLength: 120, games: 1, maxActions: 80_000 },
    { scenario: "10x10", options: { players: 2 }, walks: WALKS / 4, walkLength: 150, games: 3, maxActions: 20_000 },
    { scenario: "15x15", options: { players: 3 }, walks: WALKS / 4, walkLength: 150, games: 2, maxActions: 40_000 },
    { scenario: "10x10", options: { roundLimit: 50 }, walks: WALKS / 4, walkLength: 400, games: 2, maxActions: 20_000 },
  ],
  checkBoard,
);
