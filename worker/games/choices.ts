/**
 * What a seat may do in a game, read from the ruleset: legal()'s choices, and one unit's options
 * (unitOptions, where the ruleset explains units). Without a token the caller names the seat it
 * asks about (a spectator, or a client reading ahead); by default the first seat to act.
 */
import type { LegalQuery, UnitOptions } from "../engine/ruleset";
import { ServiceError } from "./errors";
import type { Opened } from "./load";

const seatAsked = (opened: Opened, asked: string | undefined): string | undefined => opened.you?.seat ?? asked ?? opened.game.toAct[0];

export function legalChoices(opened: Opened, asked: string | undefined, query: LegalQuery) {
  const seat = seatAsked(opened, asked);
  if (!seat || opened.game.status !== "active") return { seat: seat ?? null, choices: [] };
  return { seat, ...opened.ruleset.legal(opened.game.state, seat, query) };
}

/** `options` is null when the unit is not one the seat may act with now (another side's, unknown, or not its move). */
export function unitOptions(opened: Opened, asked: string | undefined, unit: string): { seat: string | null; options: UnitOptions<unknown> | null } {
  const explain = opened.ruleset.unitOptions;
  if (!explain) throw new ServiceError(404, "not_found", `${opened.ruleset.title} does not explain a unit's options: read /legal (with its query) instead`);
  const seat = seatAsked(opened, asked);
  if (!seat || opened.game.status !== "active") return { seat: seat ?? null, options: null };
  return { seat, options: explain.call(opened.ruleset, opened.game.state, seat, unit) };
}
