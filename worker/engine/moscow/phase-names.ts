/** The phases as players read them ("German panzer movement"), for the log, the mail and the page. */
const PHASE_TEXT: Record<string, string> = {
  soviet_setup: "Soviet setup",
  german_setup: "German setup",
  german_replacement: "German replacement",
  german_panzer_movement: "German panzer movement",
  german_combat: "German combat",
  german_movement: "German movement",
  soviet_replacement: "Soviet replacement",
  soviet_rail_movement: "Soviet rail movement",
  soviet_combat: "Soviet combat",
  soviet_movement: "Soviet movement",
  game_over: "game over",
};
export const phaseText = (phase: string): string => PHASE_TEXT[phase] ?? phase;
