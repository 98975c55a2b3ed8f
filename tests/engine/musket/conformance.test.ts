import { musket, type MusketState } from "../../../worker/engine/musket";
import { conformance } from "../conformance";
import { checkInvariants } from "./invariants";

const WALKS = Number(process.env.MUSKET_WALKS ?? process.env.CONFORMANCE_WALKS ?? 30);

conformance(
  musket,
  ["pitched-battle", "the-bridge", "rearguard"].map((scenario) => ({ scenario, walks: WALKS, walkLength: 200, games: 2, maxActions: 5000 })),
  checkInvariants,
  { units: (state: MusketState) => state.units.map((u) => u.id) },
);
