/**
 * Replaying everyone's turns since the viewer's last move, one step a second as the seed's
 * bots "think": the steps fitted to the board from the log, the step on screen, and playing
 * them by themselves when the move comes back to the viewer.
 */
import { useEffect, useMemo, useRef } from "preact/hooks";
import { usePlayback } from "../../components/usePlayback";
import type { RulesetPageProps } from "../types";
import { firstUnseen, rebuild } from "../../replay";
import { apply, describe, type DiceWarsState } from "./engine";
import { boardOf, type Replay, type Step, type StepKind } from "./replay";

/** The rules the replay runs: the bundled engine's apply and describe. */
const ENGINE = { apply, describe } as const;

const KINDS: Record<string, StepKind> = { expand: "expand", attack: "attack", end_turn: "end_turn" };

/** The steps since the viewer's last move, each one action with the boards around it. */
function buildReplay(props: RulesetPageProps<DiceWarsState>): Replay {
  const { game, seat } = props;
  const log = props.log ?? [];
  const rebuilt = rebuild(ENGINE as never, props.start as DiceWarsState | null, log, game.state, firstUnseen(log, seat, game.toAct));
  const steps: Step[] = rebuilt.frames.map((f) => ({
    seq: f.seq,
    seat: f.seat,
    bot: f.bot,
    kind: KINDS[String(f.action.type)] ?? "other",
    events: f.events,
    lines: f.lines,
    before: boardOf(f.before),
    after: boardOf(f.after),
  }));
  return { steps, complete: rebuilt.complete };
}

const STEP_MS = 1000;
const FAST_MS = 250;

export function useDiceWarsPlayback(props: RulesetPageProps<DiceWarsState>, myTurn: boolean) {
  const { game } = props;
  const autoplay = useRef(myTurn);
  // the move comes back to you while you watch: what the others did plays as the log arrives
  const wasMyTurn = useRef(myTurn);
  useEffect(() => {
    if (myTurn && !wasMyTurn.current) autoplay.current = true;
    wasMyTurn.current = myTurn;
  }, [myTurn]);

  // the log lags the game by a poll: until it catches up, the previous replay stays on screen
  const lastReplay = useRef<Replay | null>(null);
  const replay = useMemo(() => {
    const log = props.log;
    if (!log) return lastReplay.current;
    // ... and while the computer is still thinking, the replay waits for all of its turns
    const caughtUp = (log[log.length - 1]?.seq ?? 0) === game.seq && !game.botsWaiting;
    if (!caughtUp) return lastReplay.current;
    lastReplay.current = buildReplay(props);
    return lastReplay.current;
  }, [props.log, game.seq, game.state, game.botsWaiting]);
  const steps = replay?.steps ?? [];
  const playback = usePlayback(steps.length, { stepMs: STEP_MS, fastMs: FAST_MS, leaveAtEnd: true });
  const step: Step | null = playback.shown === null ? null : (steps[playback.shown] ?? null);

  // after your end of turn (and on opening the page when it is your move): play it at once
  useEffect(() => {
    if (!autoplay.current || !replay || props.log === null) return;
    autoplay.current = false;
    if (replay.steps.length > 0) {
      playback.setAt(0);
      playback.setPlaying(true);
    }
  }, [replay]);

  /** The other players' turns came back with an answer: play them once the log holding them arrives. */
  const playWhenLoaded = () => {
    autoplay.current = true;
  };

  return { replay, steps, playback, replaying: playback.replaying, step, playWhenLoaded, leave: () => playback.setAt(null) };
}
