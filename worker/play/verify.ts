import { getRuleset } from "../engine/registry";
import { isRuleError, type Options } from "../engine/ruleset";
import { seedStreams, sha256Hex } from "./dice";

/** The record GET /api/games/:id/export returns. */
export interface GameExport {
  format: string;
  id: string;
  ruleset: string;
  scenario: string;
  options: Options;
  seed: string | null;
  seedCommitment: string;
  finalState: unknown;
  log: { seq: number; seat: string; bot?: boolean; actions: unknown[]; events: unknown[] }[];
}

export interface Verdict {
  ok: boolean;
  problems: string[];
  turns: number;
  actions: number;
}

/** Service entries that change who plays a seat or end the game, not the board. */
const SERVICE_ACTIONS = new Set(["resign", "claim_timeout"]);

/**
 * Replays an exported game from its revealed seed: every die, every event and the final
 * state must come out the same, and the seed must match the commitment published at creation.
 */
export async function verifyExport(record: GameExport): Promise<Verdict> {
  const problems: string[] = [];
  let actions = 0;
  const verdict = () => ({ ok: problems.length === 0, problems, turns: record.log.length, actions });
  const ruleset = getRuleset(record.ruleset);
  if (!ruleset) return { ...verdict(), ok: false, problems: [`unknown ruleset ${record.ruleset}`] };
  if (!record.seed) return { ...verdict(), ok: false, problems: ["the seed is not revealed until the game is over"] };
  if ((await sha256Hex(record.seed)) !== record.seedCommitment) problems.push("the seed does not match the commitment published at creation");

  const streams = await seedStreams(record.seed);
  const initial = ruleset.setup(record.scenario, record.options, await streams.setup());
  if (isRuleError(initial)) return { ...verdict(), ok: false, problems: [...problems, `setup failed: ${initial.message}`] };
  let state: unknown = initial;
  let expectedSeq = 1;
  for (const entry of record.log) {
    if (entry.seq !== expectedSeq) problems.push(`turn ${entry.seq} follows ${expectedSeq - 1}: the log has a gap`);
    expectedSeq = entry.seq + 1;
    const produced: unknown[] = [];
    for (const [index, action] of entry.actions.entries()) {
      actions++;
      const type = (action as { type?: unknown })?.type;
      if (typeof type === "string" && SERVICE_ACTIONS.has(type)) continue;
      const applied = ruleset.apply(state, entry.seat, action, await streams.action(entry.seq - 1, index));
      if (isRuleError(applied)) {
        problems.push(`turn ${entry.seq}, action ${index}: rejected on replay (${applied.code}: ${applied.message})`);
        return verdict();
      }
      state = applied.state;
      produced.push(...applied.events);
    }
    const serviceEvents = entry.actions.some((a) => SERVICE_ACTIONS.has(String((a as { type?: unknown })?.type)));
    const isResume = entry.actions.length === 0;
    if (!serviceEvents && !isResume && JSON.stringify(produced) !== JSON.stringify(entry.events)) {
      problems.push(`turn ${entry.seq}: the events (dice, results) differ from the record`);
    }
  }
  if (JSON.stringify(state) !== JSON.stringify(record.finalState)) problems.push("the final state differs from the record");
  return verdict();
}
