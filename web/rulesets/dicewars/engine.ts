/**
 * The parts of the dicewars engine the page needs, imported module by module so the bundle
 * carries the legal-move rules (for instant highlights) but not the bot, the map generator or
 * the scenarios. The Worker stays the authority: the page only shows what the server allows.
 */
export { legalFor, type DiceWarsLegal, type LegalMove } from "../../../worker/engine/dicewars/legal";
export { applyAction as apply } from "../../../worker/engine/dicewars/apply";
export { describeEvent as describe } from "../../../worker/engine/dicewars/describe";
export { largestGroup } from "../../../worker/engine/dicewars/board";
export { cellCounts, strengthTotals } from "../../../worker/engine/dicewars/turns";
export { diceOfStrength } from "../../../worker/engine/dicewars/strength";
export { COLOURS, EMPTY, MAX_STRENGTH, SEATS, cellAt, cellIndex, seatOf } from "../../../worker/engine/dicewars/state";
export type { DiceWarsAction, DiceWarsState, DiceWarsPlayer, MoveAction } from "../../../worker/engine/dicewars/state";
export { printedId, fromPrintedId, type Hex } from "../../../worker/engine/hex";
