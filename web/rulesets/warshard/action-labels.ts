/** A short line for each queued action ("armor 1 to hex 0405"), for the "not sent yet" list. */
import type { WarshardAction, WarshardState } from "./engine";
import { hexText, unitText } from "./labels";

export function actionLabel(state: WarshardState, a: WarshardAction): string {
  switch (a.type) {
    case "move":
      return `${unitText(state, a.unit)} to ${hexText(state, a.path[a.path.length - 1]!)}`;
    case "attack":
      return `${unitText(state, a.unit)} attacks ${hexText(state, a.target)}`;
    case "support":
      return `${unitText(state, a.unit)} supports the fight at ${hexText(state, a.fight)}`;
    case "retreat":
      return `${unitText(state, a.unit)} retreats to ${hexText(state, a.to)}`;
    case "advance":
      return `${unitText(state, a.unit)} advances into ${hexText(state, a.fight)}`;
    case "no_advance":
      return `no advance into ${hexText(state, a.fight)}`;
    case "place_replacement":
      return `${unitText(state, a.unit)} returns at ${hexText(state, a.hex)}`;
    case "end_movement":
      return "end of movement";
    case "end_attacks":
      return "end of attacks";
    case "end_support":
      return state.phase === "defense" ? "end of defensive support" : "end of support";
  }
}
