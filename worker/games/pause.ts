/**
 * Pause by agreement. Any human seat proposes a pause until a date (or, while paused, to resume
 * early); when every human seat has agreed it takes effect: the clocks stand still (the
 * deadline moves by the pause's length, nobody may claim a timeout, no reminder falls due) until
 * the date or until all agree to resume. Moves may still be made meanwhile; a turn handed over
 * during a pause is timed from its end. Proposals and answers are turn rows (service turns:
 * no actions, no change of position), so they are in the log and the export.
 */
import type { Deps } from "../deps";
import { cleanName } from "../mail/handover";
import { pauseMails } from "../mail/pause";
import type { PauseNews } from "../mail/payload";
import { seedStreams } from "../play/dice";
import { admit, type Limit } from "../store/rate-limit";
import type { GameRow, Proposal, SeatRow } from "../store/types";
import { advance } from "./advance";
import { commitChange } from "./commit";
import type { PauseEvent } from "./describe";
import { ServiceError } from "./errors";
import { humanSeats, requireActive, requireSeat, type Opened } from "./load";
import { isPaused, openProposal } from "./paused";

const DAY = 86_400_000;

/** decision: a pause lasts from one hour to 30 days; any number of pauses may follow. */
export const MAX_PAUSE_DAYS = 30;
const MIN_PAUSE_MS = 3_600_000;

export { isPaused, openProposal };

export type PauseRequest = { kind: "propose_pause"; until: number } | { kind: "propose_resume" } | { kind: "answer"; agree: boolean };

interface Decided {
  events: PauseEvent[];
  proposal: Proposal | null;
  pausedUntil: number | null;
  /** How far the deadline moves (a pause pushes it back, an early resume pulls it in). */
  shift: number;
}

/** With every human's agreement the proposal takes effect. */
function settle(game: GameRow, seats: readonly SeatRow[], proposal: Proposal, events: PauseEvent[], now: number): Decided {
  if (!humanSeats(seats).every((s) => proposal.agreed.includes(s))) return { events, proposal, pausedUntil: game.pausedUntil, shift: 0 };
  if (proposal.kind === "pause") return { events: [...events, { kind: "paused", until: proposal.until }], proposal: null, pausedUntil: proposal.until, shift: proposal.until - now };
  return { events: [...events, { kind: "resumed" }], proposal: null, pausedUntil: null, shift: -(game.pausedUntil! - now) };
}

/** What a request does to the pause, or the refusal that names why not. Pure: the clock is passed in. */
export function decidePause(game: GameRow, seats: readonly SeatRow[], you: SeatRow, request: PauseRequest, now: number): Decided {
  const open = openProposal(game, now);
  const paused = isPaused(game, now);
  switch (request.kind) {
    case "propose_pause": {
      if (paused) throw new ServiceError(409, "paused", `The game is already paused until ${new Date(game.pausedUntil!).toISOString()}; propose to resume instead`);
      if (open) throw new ServiceError(409, "proposal_open", `${open.by} has already proposed to ${open.kind}: answer that first`, { proposal: open });
      const until = request.until;
      if (!Number.isFinite(until) || until < now + MIN_PAUSE_MS || until > now + MAX_PAUSE_DAYS * DAY) {
        throw new ServiceError(422, "bad_pause", `until: a pause ends between one hour and ${MAX_PAUSE_DAYS} days from now`, { field: "until" });
      }
      const proposal: Proposal = { kind: "pause", by: you.seat, until, agreed: [you.seat] };
      return settle(game, seats, proposal, [{ kind: "pause_proposed", seat: you.seat, until }], now);
    }
    case "propose_resume": {
      if (!paused) throw new ServiceError(409, "not_paused", "The game is not paused");
      if (open) throw new ServiceError(409, "proposal_open", `${open.by} has already proposed to ${open.kind}: answer that first`, { proposal: open });
      const proposal: Proposal = { kind: "resume", by: you.seat, agreed: [you.seat] };
      return settle(game, seats, proposal, [{ kind: "resume_proposed", seat: you.seat }], now);
    }
    case "answer": {
      if (!open) throw new ServiceError(409, "no_proposal", "Nobody has proposed a pause or a resume");
      if (!request.agree) return { events: [{ kind: "proposal_declined", seat: you.seat }], proposal: null, pausedUntil: game.pausedUntil, shift: 0 };
      if (open.agreed.includes(you.seat)) throw new ServiceError(409, "already_agreed", `${you.name} has already agreed`);
      const proposal = { ...open, agreed: [...open.agreed, you.seat] };
      return settle(game, seats, proposal, [{ kind: "proposal_agreed", seat: you.seat }], now);
    }
  }
}

/** decision: a seat proposes at most 4 times a day in a game: each proposal mails every other player and moves the seq. */
export const PROPOSALS_PER_DAY = 4;

/** Counts one proposal (or rematch offer) of a seat; refuses past the day's limit. */
export async function limitProposals(deps: Deps, name: string, now: number): Promise<void> {
  const { exceeded } = await admit(deps.shards.home, [proposalLimit(name)], [], now);
  if (exceeded) throw tooManyProposals();
}

export const proposalLimit = (name: string): Limit => ({ name, max: PROPOSALS_PER_DAY, windowMs: DAY });
export const tooManyProposals = () => new ServiceError(429, "rate_limited", `Too many proposals from this seat today (${PROPOSALS_PER_DAY} a day): try again tomorrow`);

/** What the other players are told of a proposal or an answer: a bare agreement on the way to all agreeing is not news. */
function news(events: readonly PauseEvent[], by: string): PauseNews | null {
  const last = events[events.length - 1];
  switch (last?.kind) {
    case "pause_proposed":
      return { what: "pause_proposed", by, until: last.until };
    case "resume_proposed":
      return { what: "resume_proposed", by };
    case "proposal_declined":
      return { what: "declined", by };
    case "paused":
      return { what: "paused", by, until: last.until };
    case "resumed":
      return { what: "resumed", by };
    default:
      return null;
  }
}

const SERVICE = { propose_pause: "propose_pause", propose_resume: "propose_resume", answer: "answer_proposal" } as const;

/** Records a proposal or an answer as a turn and commits its effect. */
export async function requestPause(deps: Deps, opened: Opened, request: PauseRequest) {
  const you = requireSeat(opened);
  requireActive(opened);
  const { game, seats, ruleset } = opened;
  const now = deps.now();
  const decided = decidePause(game, seats, you, request, now);
  if (request.kind !== "answer") await limitProposals(deps, `proposal:${game.id}:${you.seat}`, now);
  const result = await advance(deps, ruleset, opened, await seedStreams(game.seed), {
    state: game.state,
    requester: you.seat,
    turn: { seat: you.seat, service: SERVICE[request.kind], actions: [], events: decided.events },
    pause: { fields: { pausedUntil: decided.pausedUntil, proposal: decided.proposal }, deadlineShift: game.deadline === null ? 0 : decided.shift },
  });
  result.commit.outbox.push(
    ...pauseMails({ gameId: game.id, rulesetTitle: ruleset.title, seats, deadline: result.deadline, toActAfter: result.toAct, now, newId: deps.newId }, you, news(decided.events, cleanName(you.name)), result.seq),
  );
  const committed = await commitChange(deps, opened, result.commit);
  if (!committed.ok) throw new ServiceError(409, "stale_seq", "The game changed at the same moment; reload and try again", { seq: game.seq });
  return { seq: result.seq, events: decided.events, pausedUntil: decided.pausedUntil, proposal: decided.proposal, deadline: result.deadline, toAct: result.toAct };
}
