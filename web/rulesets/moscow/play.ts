/**
 * The viewer's play on the Moscow page, beyond the shared turn (queue, sending): the selection
 * and drafts of the phase in hand (setup placements, battles), and ending a phase.
 */
import { useState } from "preact/hooks";
import { useTurn } from "../../components/useTurn";
import type { Placed } from "../../components/Placement";
import type { RulesetPageProps } from "../types";
import { apply, computeOdds, phaseText, sideName, toAct, type MoscowAction, type MoscowState, type Side } from "./engine";
import { axial } from "./cells";
import { useLegalNow } from "./legal";

export type DraftBattle = { attackers: string[]; defender: string };
/** The battle being drafted: its defender may not be chosen yet. */
export type CurrentBattle = { attackers: string[]; defender: string | null };

export type MoscowPlay = ReturnType<typeof useMoscowPlay>;

const RULES = {
  apply,
  toAct,
  // a battle resolved goes at once even when it rolls no die (below 1:1): its result is shown then
  endsBatch: (action: { type: string }) => action.type === "resolve_battle" || action.type === "resolve_all_battles",
};
const NO_BATTLE: CurrentBattle = { attackers: [], defender: null };
const s = (n: number, one = "", many = "s") => (n === 1 ? one : many);

export function useMoscowPlay(props: RulesetPageProps<MoscowState>) {
  const me = props.seat as Side | null;
  const [sel, setSel] = useState<string | null>(null);
  const [draft, setDraft] = useState<DraftBattle[]>([]);
  const [cur, setCur] = useState<CurrentBattle>(NO_BATTLE);
  const [placed, setPlaced] = useState<Placed>({});
  const clearSel = () => {
    setSel(null);
    setCur(NO_BATTLE);
  };
  const turn = useTurn<MoscowState, MoscowAction>(props, RULES, {
    onReset: clearSel,
    onNewPosition: () => {
      setDraft([]);
      setPlaced({});
    },
  });
  const { local, myTurn, queue, enqueue, setError } = turn;
  const allowed = useLegalNow(local, me, myTurn, props.rulesReady);
  const { isMove, isDeclare, isRepl, movable, attacks, repl } = allowed;

  const addBattle = () => {
    if (!cur.defender || !cur.attackers.length) return;
    setDraft([...draft, { attackers: cur.attackers, defender: cur.defender }]);
    setCur(NO_BATTLE);
  };
  const declareBattles = () => {
    const go = () => {
      turn.setConfirm(null);
      setDraft([]);
      enqueue({ type: "declare_battles", battles: draft }, `declare ${draft.length} battle${s(draft.length)}`);
    };
    // a battle below 1:1 rolls no die and changes nothing: say so before it is declared
    const futile = draft.filter((b) => computeOdds(local, b.attackers, b.defender).column === 0);
    if (!futile.length) return go();
    turn.setConfirm({
      title: `Declare ${futile.length === 1 ? "a battle" : `${futile.length} battles`} below 1:1?`,
      body: [
        `${futile.map((b) => `${b.attackers.join(" + ")} against ${b.defender}`).join("; ")}: below 1:1 no die is rolled and nothing happens, but the attackers have fought this turn.`,
      ],
      yes: "Declare anyway",
      then: go,
    });
  };

  /** The setup goes in the queue like any action; when it ends the sitting (the Soviet sets up first) it is sent, so ask first. */
  const confirmSetup = (p: Placed) => {
    if (!me) return;
    const action: MoscowAction = { type: "setup", placements: Object.entries(p).map(([unitId, h]) => ({ unitId, hex: axial(h) })) };
    const label = `${sideName(me)} setup (${Object.keys(p).length} units)`;
    const after = turn.preview(action);
    if (!after.ok) return setError(after.message);
    if (toAct(after.state).includes(me)) return enqueue(action, label);
    turn.setConfirm({
      title: "Send your setup?",
      body: [`This sends your setup (${Object.keys(p).length} units) to the other player; it cannot be changed afterwards.`],
      yes: "Send setup",
      then: () => {
        turn.setConfirm(null);
        enqueue(action, label);
      },
    });
  };

  /** Ends the phase, first asking when that forfeits something or sends the turn. */
  const endPhase = () => {
    if (!me) return;
    const end: MoscowAction = { type: "end_phase" };
    const after = turn.preview(end);
    if (!after.ok) return setError(after.message);
    const endsSitting = !toAct(after.state).includes(me);
    const left: string[] = [];
    const n = movable.size;
    if (isMove && n > 0) left.push(`${n} of your units could still move (${[...movable.keys()].slice(0, 6).join(", ")}${n > 6 ? "…" : ""}).`);
    if (isDeclare && attacks && attacks.length > 0) {
      left.push(
        draft.length
          ? `You drafted ${draft.length} battle${s(draft.length)} but did not declare ${s(draft.length, "it", "them")}: ending the phase attacks no one.`
          : `You have declared no attacks; ${attacks.length} enemy unit${s(attacks.length, " is", "s are")} within reach.`,
      );
    }
    const r = repl.remaining ?? 0;
    if (isRepl && r > 0 && ((repl.restorableUnits ?? []).length || (repl.placeableUnits ?? []).length)) left.push(`You still have ${r} replacement${s(r)}; unused ones are lost.`);
    const go = () => {
      turn.setConfirm(null);
      enqueue(end, `end of ${phaseText(local.phase)}`);
    };
    if (left.length === 0 && !endsSitting) return go();
    turn.setConfirm({
      title: `End the ${phaseText(local.phase)} phase?`,
      body: [...left, ...(endsSitting ? [`This finishes your turn and sends it (${queue.length + 1} action${queue.length ? "s" : ""}) to the other player.`] : [])],
      yes: endsSitting ? "End phase and send" : "End phase",
      then: go,
    });
  };

  return { turn, me, local, myTurn, ...allowed, sel, setSel, draft, setDraft, cur, setCur, placed, setPlaced, clearSel, addBattle, declareBattles, confirmSetup, endPhase };
}
