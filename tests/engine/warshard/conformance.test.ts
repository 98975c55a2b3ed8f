import { warshard } from "../../../worker/engine/warshard";
import { conformance } from "../conformance";
import { checkInvariants } from "./invariants";
import { withInlineScenarios } from "./helpers";

const WALKS = Number(process.env.WARSHARD_WALKS ?? process.env.CONFORMANCE_WALKS ?? 40);

conformance(
  withInlineScenarios(warshard),
  [
    { scenario: "boot_camp", walks: WALKS, walkLength: 200, games: 2, maxActions: 3000 },
    { scenario: "test:combined_arms", walks: WALKS, walkLength: 200, games: 2, maxActions: 3000 },
  ],
  checkInvariants,
);
