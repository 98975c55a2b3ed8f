import type { GameView, LogEntry, Submitted } from "../api";
import type { RulesSlot } from "../components/rulesSlot";

export type SubmitResult<S> = { ok: true; result: Submitted<S> } | { ok: false; message: string; code: string; index?: number };

/** What the game page hands to a ruleset's view. */
export interface RulesetPageProps<S = unknown> {
  game: GameView<S>;
  /** The viewer's seat, or null for a spectator. */
  seat: string | null;
  token: string | null;
  /** The whole log, once loaded (null while loading). */
  log: LogEntry[] | null;
  /** The position the game started from, as the log gave it (null for a game older than recorded starts). */
  start: unknown;
  /** Sends one batch against the current seq. */
  submit(actions: unknown[]): Promise<SubmitResult<S>>;
  /** Fetches the game again (after a 409, or when asked). */
  reload(): void;
  /** Name of a seat as players see it: "Hans (German)". */
  seatName(seat: string): string;
  /** The ruleset's rules (its engine) have arrived: legal lists, previews and the replay can be worked out. */
  rulesReady: boolean;
  /** Loads the rules now (the viewer asked for something that needs them); resolves once they are there. */
  loadRules(): Promise<unknown>;
}

export type RulesetModule = {
  default: (props: RulesetPageProps<any>) => preact.JSX.Element;
  /** The ruleset's engine, loaded at the viewer's first touch; without one, the page bundles its rules. */
  rules?: RulesSlot;
};
