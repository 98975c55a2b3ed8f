/** What the new-game form sends: the form's fields turned into the create request's body. */
import type { RulesetInfo } from "../../api";

/** The computer's levels, as the API takes them (worker/engine/strong's BOT_LEVELS, not imported: its search stays out of the page). */
export type BotLevel = "standard" | "strong";

export type SeatForm = { bot: boolean; level: BotLevel; name: string; email: string };

/** "You play" nobody: the computer takes every seat and you watch. */
export const WATCH = "@watch";

export const EMPTY_SEAT: SeatForm = { bot: false, level: "standard", name: "", email: "" };

export interface NewGameFields {
  ruleset: RulesetInfo;
  scenario: string;
  options: Record<string, string>;
  hours: string;
  mySeat: string;
  seatList: string[];
  seats: Record<string, SeatForm>;
  watcherEmail: string;
}

export function newGameRequest(f: NewGameFields) {
  const watching = f.mySeat === WATCH;
  return {
    ruleset: f.ruleset.id,
    scenario: f.scenario,
    options: Object.fromEntries(
      f.ruleset.options.map((o) => {
        const raw = f.options[o.name] ?? String(o.default);
        const choice = o.choices.find((c) => String(c) === raw) ?? o.default;
        return [o.name, choice];
      }),
    ),
    hoursPerTurn: f.hours === "none" ? null : Number(f.hours),
    ...(watching ? { watcher: f.watcherEmail.trim() || undefined } : { creator: f.mySeat }),
    seats: Object.fromEntries(
      f.seatList.map((s) => {
        if (watching) return [s, { bot: true }];
        const seat = f.seats[s] ?? EMPTY_SEAT;
        if (s !== f.mySeat && seat.bot) return [s, seat.level === "standard" ? { bot: true } : { bot: true, level: seat.level }];
        return [s, { name: seat.name.trim() || undefined, email: seat.email.trim() || undefined }];
      }),
    ),
  };
}
