/**
 * The viewer's play on the skirmish page: the engine's legal() choices on the board (pick a
 * model to activate, then a lit hex to move to, an enemy to attack, a friend to rally), the
 * deployment drafted with the shared Placement helpers, and sending. Moves and the like are queued and
 * can be undone until sent; an action that rolls dice, and the end of an activation, go to the
 * server at once with whatever is queued before them (the service takes no action after one that
 * drew; the other player sees each activation as it ends). An action that rolls
 * is first shown with its pools and chance; a second tap commits it.
 */
import { useMemo, useState } from "preact/hooks";
import type { RulesetPageProps } from "../types";
import type { BoardChoice, BoardPlay } from "../../components/hexmap-choices";
import { placeUnit, placementChoices, type Placed, type PlaceStep } from "../../components/Placement";
import { useTurn } from "../../components/useTurn";
import { previewRng } from "../../components/useActionQueue";
import { apply, fromPrintedId, legalChoices, modelById, seatOf, sideOfSeat, toActSide, zoneHexes, type SkirmishAction, type SkirmishChoice, type SkirmishState } from "./engine";
import { cell } from "./board";

const RULES = {
  apply,
  toAct: (s: SkirmishState) => {
    const side = toActSide(s);
    return side === null ? [] : [seatOf(side)];
  },
  // the end of an activation is sent too: with activations in a row (VARIANTS.md) the turn may
  // stay here, and the other player, at the table on its own page, sees each activation as it ends
  endsBatch: (action: { type: string }) => action.type === "end_activation",
};

/** What a tap on the board does: an engine choice, or a step of the deployment draft. */
export type Pick = { kind: "choice"; choice: SkirmishChoice } | PlaceStep;

const CLS: Record<string, string> = { move: "dest", disengage: "sk-disengage", close_attack: "target", range_attack: "sk-shoot", rally: "sk-rally", activate: "sk-can", deploy: "dest" };

export function useSkirmishPlay(props: RulesetPageProps<SkirmishState>) {
  const { seat } = props;
  const mySide = seat ? sideOfSeat(seat) : null;
  /** The hex whose rolling choices are shown for confirmation. */
  const [picked, setPicked] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Placed>({});
  const [sel, setSel] = useState<string | null>(null);
  const turn = useTurn<SkirmishState, SkirmishAction>(props, RULES, {
    onReset: () => setPicked(null),
    onNewPosition: () => {
      setPlaced({});
      setSel(null);
    },
  });
  const { local, myTurn } = turn;
  // deployment is drafted on the page (zoneHexes), not from the 48 hexes x models of deploy choices
  // none until the rules have come (props.rulesReady)
  const choices = useMemo(() => (myTurn && seat && local.phase !== "deployment" ? legalChoices(local, seat).choices : []), [local, myTurn, seat, props.rulesReady]);
  const active = local.activation ? (modelById(local, local.activation.model) ?? null) : null;
  const isDeploy = myTurn && local.phase === "deployment";
  const zone = useMemo(() => (isDeploy && mySide !== null ? zoneHexes(local, mySide).map(cell) : []), [local, isDeploy]);
  const toPlace = isDeploy ? local.models.filter((m) => m.side === mySide && m.hex === null).map((m) => m.id) : [];

  /** Queues an action (useTurn sends it at once, with the queue, when it rolls or ends the activation). */
  const act = (action: SkirmishAction, label: string) => {
    if (seat) turn.enqueue(action, label);
  };

  /** The deployment as one batch: every drafted model, then the end of the side's deployment. */
  const deploy = (p: Placed): void => {
    // the draft is checked against the rules before it goes: they may still be on their way
    turn.withRules(() => deployChecked(p));
  };
  const deployChecked = (p: Placed): void => {
    const actions: SkirmishAction[] = [...Object.entries(p).map(([model, c]): SkirmishAction => ({ type: "deploy", model, hex: fromPrintedId(c)! })), { type: "end_deployment" }];
    let s = local;
    for (const a of actions) {
      const r = apply(s, seat!, a, previewRng());
      if (!r.ok) return turn.setError(r.message);
      s = r.state;
    }
    turn.setError(null);
    turn.send(turn.queue, actions);
  };

  const onHex = (c: string) => choices.filter((x) => x.to && cell(x.to) === c && x.action.type !== "move" && x.action.type !== "activate");

  const board: BoardPlay<Pick> = (() => {
    if (isDeploy) {
      const draft = placementChoices(placed, zone, sel);
      return {
        ...draft,
        select: (c) => setSel(c === null ? null : draft.unitAt(c)),
        choose: (p) => {
          if (p.kind === "place") {
            setPlaced(placeUnit(placed, p));
            setSel(null);
          }
        },
        clear: () => setSel(null),
      };
    }
    const from = active ? cell(active.hex) : null;
    const seen = new Set<string>();
    const lit = choices.flatMap((c): BoardChoice<Pick>[] => {
      // activate names its model's hex as `from`: a tap there chooses it
      const hex = c.action.type === "activate" ? c.from : c.to;
      if (!hex) return [];
      const to = cell(hex);
      const key = `${c.action.type === "activate" || !from ? "" : from}>${to}`;
      // one lit hex per destination: an enemy both in reach and in range shows both attacks when picked
      if (seen.has(key)) return [];
      seen.add(key);
      const pick: Pick = { kind: "choice", choice: c };
      return c.action.type === "activate" || !from ? [{ to, action: pick, cls: CLS[c.action.type] }] : [{ from, to, action: pick, cls: CLS[c.action.type] }];
    });
    return {
      choices: lit,
      selected: from,
      select: () => setPicked(null),
      choose: (p) => {
        if (p.kind !== "choice") return;
        const { action, label } = p.choice;
        if (action.type === "move" || action.type === "activate") return act(action, label);
        setPicked(cell(p.choice.to));
      },
      other: (c) => {
        setPicked(null);
        const m = local.models.find((x) => x.status !== "eliminated" && cell(x.hex) === c);
        if (!m) return active ? `${c} is out of ${active.id}'s reach this action.` : null;
        if (active && m.id === active.id) return null;
        if (m.side === mySide && !active) return m.done ? `${m.id} has already acted this turn.` : m.status !== "in_play" ? `${m.id} is out of play.` : null;
        if (m.side !== mySide && active) return `${active.id} cannot attack ${m.id} from here (not adjacent, out of sight or range, or not loaded).`;
        return null;
      },
      clear: () => setPicked(null),
    };
  })();

  return { turn, local, myTurn, mySide, choices, active, isDeploy, zone, toPlace, placed, setPlaced, sel, setSel, picked, setPicked, pickedChoices: picked ? onHex(picked) : [], act, deploy, board };
}

export type SkirmishPlay = ReturnType<typeof useSkirmishPlay>;
