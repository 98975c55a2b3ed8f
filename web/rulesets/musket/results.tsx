import type { ReplayWords } from "../../components/ReplayCard";
import type { MusketState } from "./engine";
import { rulesPart } from "./acting";

/** Musket's words for the shared replay card: activations, each step's turn, a charge's dice. */
export const REPLAY_WORDS: ReplayWords<MusketState> = {
  summary: (who, frames) => {
    const n = frames.filter((f) => f.action.type === "activate").length;
    return `${who}: ${n} activation${n === 1 ? "" : "s"} in ${frames.length} step${frames.length === 1 ? "" : "s"}.`;
  },
  step: (f) => `turn ${f.before.turn}${f.before.activeUnit ? `, ${f.before.activeUnit}` : ""}`,
  // the replay's steps are worked out with the rules, so they are there whenever a step is shown
  extra: (f) => {
    const Rolls = rulesPart()?.Rolls;
    return Rolls ? <Rolls events={f.events.filter((e) => e.kind === "charged")} /> : null;
  },
  fastAndProgress: true,
  stepThrough: true,
};
