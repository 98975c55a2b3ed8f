/** WarShard's words for the shared replay card: who did what since your last move, each step's turn and phase, the dice. */
import type { ReplayWords } from "../../components/ReplayCard";
import type { WarshardState } from "./engine";
import { PHASE_TITLE } from "./labels";
import { FightRolls } from "./rolls";

export const REPLAY_WORDS: ReplayWords<WarshardState> = {
  summary: (who, frames) => {
    const fights = frames.flatMap((f) => f.events).filter((e) => e.kind === "fight_resolved").length;
    return `${who}: ${frames.length} action${frames.length === 1 ? "" : "s"}${fights ? `, ${fights} fight${fights === 1 ? "" : "s"} rolled` : ""}.`;
  },
  step: (f) => `player-turn ${f.before.turn}, ${(PHASE_TITLE[f.before.phase] ?? f.before.phase).toLowerCase()}`,
  extra: (f) => <FightRolls events={f.events} />,
  fastAndProgress: true,
  stepThrough: true,
};
