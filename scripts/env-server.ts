/**
 * The engine's environment over stdin/stdout, one JSON object a line each way, for programs in
 * any language (docs/env-random.py plays random games through it). Protocol: worker/engine/README.md.
 *
 *   npx tsx scripts/env-server.ts
 */
import { Environment } from "../worker/engine/env/environment";

type Request = { cmd?: unknown; ruleset?: unknown; scenario?: unknown; seed?: unknown; options?: unknown; index?: unknown; seat?: unknown; observe?: unknown };

let env: Environment | null = null;

function needEnv(): Environment {
  if (!env) throw new Error('no game yet: send {"cmd":"reset","ruleset":...,"scenario":...,"seed":...} first');
  return env;
}

const text = (v: unknown, field: string): string => {
  if (typeof v !== "string" || v === "") throw new Error(`"${field}" must be a non-empty string`);
  return v;
};

function handle(req: Request): Record<string, unknown> {
  switch (req.cmd) {
    case "reset": {
      const ruleset = text(req.ruleset, "ruleset");
      if (!env || env.ruleset.id !== ruleset) env = new Environment(ruleset);
      const spec = env.reset(text(req.scenario, "scenario"), text(req.seed ?? "0", "seed"), req.options ?? {});
      return { ok: true, spec, toAct: env.toAct(), legal: env.legalIndices() };
    }
    case "step": {
      const e = needEnv();
      if (typeof req.index !== "number" || !Number.isInteger(req.index)) throw new Error('"index" must be a whole number (one of "legal")');
      const result = e.step(req.index);
      const out: Record<string, unknown> = { ok: true, ...result, toAct: e.toAct(), legal: e.legalIndices() };
      if (req.observe !== undefined) out.observation = Array.from(e.observation(text(req.observe, "observe")));
      return out;
    }
    case "observe":
      return { ok: true, observation: Array.from(needEnv().observation(text(req.seat, "seat"))) };
    case "legal": {
      const e = needEnv();
      const legal = e.legalIndices();
      return { ok: true, legal, actions: legal.map((i) => e.actionAt(i)) };
    }
    case "state":
      return { ok: true, state: needEnv().current };
    default:
      throw new Error(`unknown "cmd" ${JSON.stringify(req.cmd)}: one of reset, step, observe, legal, state`);
  }
}

function answer(line: string): string {
  let reply: Record<string, unknown>;
  try {
    reply = handle(JSON.parse(line) as Request);
  } catch (err) {
    reply = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  return JSON.stringify(reply);
}

// the lines of each chunk read are answered at once, in one write: a client waiting for each
// answer gets it without a turn of the event loop, one sending many lines gets them together
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  const lines = (pending + chunk).split("\n");
  pending = lines.pop()!;
  const replies: string[] = [];
  for (const line of lines) if (line.trim() !== "") replies.push(answer(line));
  if (replies.length > 0) process.stdout.write(replies.join("\n") + "\n");
});
process.stdin.on("end", () => {
  if (pending.trim() !== "") process.stdout.write(answer(pending) + "\n");
});
