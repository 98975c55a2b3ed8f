/** The skirmish's words for the shared replay card: who did what since your last move, each step's turn and acting model, the dice. */
import type { ReplayWords } from "../../components/ReplayCard";
import type { SkirmishState } from "./engine";
import { rulesPart } from "./acting";
import { plural } from "./labels";

export const REPLAY_WORDS: ReplayWords<SkirmishState> = {
  summary: (who, frames) => {
    const acts = frames.filter((f) => f.action.type === "activate").length;
    return `${who}: ${plural(frames.length, "action")}${acts ? `, ${plural(acts, "activation")}` : ""}.`;
  },
  step: (f) => (f.before.phase === "deployment" ? "deployment" : `turn ${f.before.turn}${f.before.activation ? `, ${f.before.activation.model} acting` : ""}`),
  // a step exists only once the rules (and with them the dice) have come
  extra: (f) => {
    const R = rulesPart();
    return R && <R.Rolls events={f.events} />;
  },
  fastAndProgress: true,
  stepThrough: true,
};
