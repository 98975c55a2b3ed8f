import { rulesets, type Registry } from "../engine/registry";
import { replay, type ReplayTurn } from "../engine/replay";
import { RecordingRng, type Rng } from "../engine/rng";
import { isRuleError } from "../engine/ruleset";
import type { GameExport } from "../games/export";
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

  for (const entry of record.log) {
    if (entry.service || entry.actions.length === 0) continue;
    const produced = result.steps.filter((s) => s.seq === entry.seq).flatMap((s) => s.events);
    if (!same(produced, entry.events)) problems.push(`turn ${entry.seq}: the events (dice, results) differ from the record`);
    if (entry.draws !== undefined) {
      const drawn = entry.actions.map((_, index) => rngs.get(`${entry.seq}:${index}`)!.recorded);
      if (!same(drawn, entry.draws)) problems.push(`turn ${entry.seq}: the recorded draws differ from the seed's`);
    }
  }
  if (!same(result.state, record.finalState)) problems.push("the final state differs from the record");
  return verdict();
}
