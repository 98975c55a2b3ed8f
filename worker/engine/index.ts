/**
 * The package entry (`hexpost/engine`): the five rulesets, the contract they meet, the seeded
 * dice, replay from recorded draws, and the environment for playing them from programs. Pure
 * TypeScript with no Worker, D1 or DOM imports (tests/engine/layers.test.ts keeps it so).
 */
export * from "./ruleset";
export { rngFromSeed, rngFromBytes, RecordingRng, RecordedRng, type Rng, type Draw } from "./rng";
export * from "./replay";
export { DIRECTIONS, distance, neighbour, neighbours, isAdjacent, offsetToAxial, printedId, fromPrintedId, type Hex } from "./hex";
export { rulesets, getRuleset, makeRegistry, type Registry } from "./registry";
export { moscow, type MoscowState, type MoscowAction, type MoscowEvent } from "./moscow";
export { dicewars, type DiceWarsState, type DiceWarsAction, type DiceWarsEvent } from "./dicewars";
export { warshard, type WarshardState, type WarshardAction, type WarshardEvent } from "./warshard";
export { musket, type MusketState, type MusketAction, type MusketEvent } from "./musket";
export { skirmish, type SkirmishState, type SkirmishAction, type SkirmishEvent } from "./skirmish";
export { botAt, BOT_LEVELS, isBotLevel, type BotLevel, type BotChoice } from "./strong";
export { Environment, HEADER_FIELDS, PIECE_FIELDS, type EnvSpec, type ActionBlock, type StepResult } from "./env/environment";
export type { ActionType, Param, Piece } from "./env/layout";
