import { rulesets, type Registry } from "../engine/registry";
import { replay, type ReplayTurn } from "../engine/replay";
import { RecordingRng, type Rng } from "../engine/rng";
import { isRuleError } from "../engine/ruleset";
import type { GameExport } from "./record";
import { seedStreams, sha256Hex } from "./dice";

export type { GameExport };

export interface Verdict {
  ok: boolean;
  problems: string[];
  turns: number;
  actions: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Replays an exported game from its revealed seed with the one replay, the seed's streams
 * standing in for the recorded draws: every draw, every event and the final state must come
 * out as recorded, and the seed must match the commitment published at creation.
 */
export async function verifyExport(record: GameExport, registry: Registry = rulesets): Promise<Verdict> {
  const problems: string[] = [];
  const actions = record.log.reduce((n, e) => n + e.actions.length, 0);
  const verdict = () => ({ ok: problems.length === 0, problems, turns: record.log.length, actions });
  const ruleset = registry.get(record.ruleset);
  if (!ruleset) return { ...verdict(), ok: false, problems: [`unknown ruleset ${record.ruleset}`] };
  if (!record.seed) return { ...verdict(), ok: false, problems: ["the seed is not revealed until the game is over"] };
  if ((await sha256Hex(record.seed)) !== record.seedCommitment) problems.push("the seed does not match the commitment published at creation");

  const streams = await seedStreams(record.seed);
  const options = ruleset.parseOptions(record.options);
  if (isRuleError(options)) return { ...verdict(), ok: false, problems: [...problems, `options refused: ${options.message}`] };
  const start = ruleset.setup(record.scenario, options, await streams.setup());
  if (isRuleError(start)) return { ...verdict(), ok: false, problems: [...problems, `setup failed: ${start.message}`] };
  if (record.start !== undefined && record.start !== null && !same(start, record.start)) problems.push("the start position differs from the seed's setup");

  record.log.forEach((entry, i) => {
    const expected = i === 0 ? 1 : record.log[i - 1]!.seq + 1;
    if (entry.seq !== expected) problems.push(`turn ${entry.seq} follows ${expected - 1}: the log has a gap`);
  });
  const turns: ReplayTurn[] = record.log.map((e) => ({ seq: e.seq, seat: e.seat, actions: e.service ? [] : e.actions, draws: e.draws ?? [] }));
  // the HMAC streams are async and replay is not: derive every action's stream first
  const rngs = new Map<string, RecordingRng>();
  for (const t of turns) for (const index of t.actions.keys()) rngs.set(`${t.seq}:${index}`, new RecordingRng(await streams.action(t.seq - 1, index)));
  const rngFor = (t: ReplayTurn, index: number): Rng => rngs.get(`${t.seq}:${index}`)!;
  const result = replay(ruleset, start, turns, { rngFor });
  if (result.failure) {
    problems.push(`turn ${result.failure.seq}, action ${result.failure.index}: ${result.failure.message}`);
    return verdict();
  }

  const seatCount = record.seats?.length ?? (isRuleError(ruleset.seats(record.scenario, options)) ? 0 : (ruleset.seats(record.scenario, options) as string[]).length);
  const proposals = new ProposalTrack();
  for (const entry of record.log) {
    if (entry.service) {
      // a service turn draws nothing: numbers recorded beside it are not the service's
      if ((entry.draws ?? []).length > 0) {
        problems.push(`turn ${entry.seq}: a ${entry.service} turn carries dice draws`);
        continue;
      }
      const problem = PAUSE_SERVICES.includes(entry.service) ? proposals.problem(entry) : serviceTurnProblem(entry, seatCount);
      if (problem) problems.push(`turn ${entry.seq}: ${problem}`);
      continue;
    }
    if (entry.actions.length === 0) {
      problems.push(`turn ${entry.seq}: a turn with no action that the service did not make`);
      continue;
    }
    const produced = result.steps.filter((s) => s.seq === entry.seq).flatMap((s) => s.events);
    if (!same(produced, entry.events)) problems.push(`turn ${entry.seq}: the events (dice, results) differ from the record`);
    if (entry.draws !== undefined) {
      const drawn = entry.actions.map((_, index) => rngs.get(`${entry.seq}:${index}`)!.recorded);
      if (!same(drawn, entry.draws)) problems.push(`turn ${entry.seq}: the recorded draws differ from the seed's`);
    }
  }
  if (!same(result.state, record.finalState)) problems.push("the final state differs from the record");
  const expected = expectedOutcome(record, ruleset.outcome(result.state), seatCount);
  const shown = record.outcome ? { result: record.outcome.result, winners: record.outcome.winners, reason: record.outcome.reason } : null;
  if (!same(shown, expected)) problems.push(`the outcome ${JSON.stringify(shown)} is not the one the log leads to (${JSON.stringify(expected)})`);
  return verdict();
}

type Entry = GameExport["log"][number];

/** What is wrong with a turn the service made, or null: its one event must be the one the service writes. */
function serviceTurnProblem(entry: Entry, seatCount: number): string | null {
  if (entry.actions.length > 0) return `a ${entry.service} turn carries actions`;
  const events = entry.events as { kind?: unknown; seat?: unknown; by?: unknown; replacedBy?: unknown }[];
  if (entry.service === "bots_resumed") return same(events, [{ kind: "bots_resumed" }]) ? null : "the resumed bots' turn has other events";
  const kind = entry.service === "resign" ? "resigned" : entry.service === "claim_timeout" ? "timeout_claimed" : null;
  if (!kind) return `unknown service turn ${JSON.stringify(entry.service)}`;
  const e = events[0];
  if (events.length !== 1 || !e || e.kind !== kind) return `a ${entry.service} turn must hold exactly one ${kind} event`;
  if (e.by !== entry.seat) return `the ${kind} event names ${String(e.by)}, not the turn's seat ${entry.seat}`;
  if (entry.service === "resign" ? e.seat !== entry.seat : typeof e.seat !== "string" || e.seat === entry.seat) return `the ${kind} event names the wrong seat`;
  if ((e.replacedBy === "computer") !== seatCount > 2) return `the ${kind} event says the computer ${seatCount > 2 ? "does not take" : "takes"} the seat`;
  return null;
}

const PAUSE_SERVICES: readonly string[] = ["propose_pause", "propose_resume", "answer_proposal"];

type PauseEventShape = { kind?: unknown; seat?: unknown; until?: unknown };

/**
 * Follows the proposals to pause and resume through the log: an answer needs an open proposal,
 * and a pause or resume takes effect only as the last event of the turn that completes one, on
 * the terms proposed. Whether every human agreed is the service's to judge (who is human changes).
 */
class ProposalTrack {
  /** The open proposal, with the seats that stand behind it (the proposer first). */
  private open: { kind: "pause" | "resume"; until?: unknown; agreed: Set<unknown> } | null = null;
  private pausedUntil = 0;

  problem(entry: Entry): string | null {
    if (entry.actions.length > 0) return `a ${entry.service} turn carries actions`;
    // a pause ends by itself at its date, and a proposal dies with what it was about
    const at = entry.at ?? 0;
    const paused = this.pausedUntil > at;
    if (this.open && (this.open.kind === "pause" ? (this.open.until as number) <= at : !paused)) this.open = null;
    const [first, effect, ...rest] = entry.events as PauseEventShape[];
    if (!first || rest.length > 0) return `a ${entry.service} turn holds one event and at most its effect`;
    if (first.seat !== entry.seat) return `the ${String(first.kind)} event names ${String(first.seat)}, not the turn's seat ${entry.seat}`;
    switch (entry.service) {
      case "propose_pause":
        if (first.kind !== "pause_proposed" || typeof first.until !== "number") return "a pause proposal must hold one pause_proposed event with its end";
        if (paused) return "a pause proposed while paused";
        this.open = { kind: "pause", until: first.until, agreed: new Set([entry.seat]) };
        break;
      case "propose_resume":
        if (first.kind !== "resume_proposed") return "a resume proposal must hold one resume_proposed event";
        if (!paused) return "a resume proposed while not paused";
        this.open = { kind: "resume", agreed: new Set([entry.seat]) };
        break;
      default:
        if (first.kind !== "proposal_agreed" && first.kind !== "proposal_declined") return "an answer must agree or decline";
        if (!this.open) return "an answer with no open proposal";
        // the proposer agreed by proposing: the service refuses a second yes (409 already_agreed)
        if (first.kind === "proposal_agreed" && this.open.agreed.has(entry.seat)) return `an agreement by ${entry.seat}, who had already agreed (or proposed)`;
        if (first.kind === "proposal_agreed") this.open.agreed.add(entry.seat);
        if (first.kind === "proposal_declined") {
          this.open = null;
          return effect ? "a declined proposal took effect" : null;
        }
    }
    if (!effect) return null;
    const proposed = this.open!;
    this.open = null;
    if (proposed.kind === "pause" && (effect.kind !== "paused" || effect.until !== proposed.until)) return "the pause that took effect is not the one proposed";
    if (proposed.kind === "resume" && effect.kind !== "resumed") return "the resume that took effect is not the one proposed";
    this.pausedUntil = proposed.kind === "pause" ? (proposed.until as number) : 0;
    return null;
  }
}

/** The outcome the log leads to: a resignation or timeout in a two-seat game, else the rules'. */
function expectedOutcome(record: GameExport, byRules: { result: string; winners: string[]; reason: string } | null, seatCount: number) {
  const last = record.log[record.log.length - 1];
  if (last && (last.service === "resign" || last.service === "claim_timeout") && seatCount === 2) {
    const left = (last.events[0] as { seat?: string } | undefined)?.seat;
    const seats = record.seats?.map((s) => s.seat) ?? [];
    return { result: "win", winners: seats.filter((s) => s !== left), reason: last.service === "resign" ? "resignation" : "timeout" };
  }
  return byRules ? { result: byRules.result, winners: byRules.winners, reason: byRules.reason } : null;
}
