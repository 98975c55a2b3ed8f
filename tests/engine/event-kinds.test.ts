/**
 * The README promises enumerated values in snake_case, event kinds among them (Battle for
 * Moscow's `battles_declared` went out as `battlesDeclared`). Checked two ways for every ruleset:
 * each event kind its engine source declares, and each kind bots emit playing every scenario.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rulesets } from "../../worker/engine/registry";
import { isRuleError } from "../../worker/engine/ruleset";
import { rngFromSeed } from "../../worker/engine/rng";
import { botPlay, playOut } from "../../worker/engine/bot-play";

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const ENGINE = path.resolve(import.meta.dirname, "../../worker/engine");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith(".ts") ? [full] : [];
  });
}

describe("event kinds are snake_case", () => {
  it.each([...rulesets.keys()])("%s: every `kind:` literal its engine source declares", (id) => {
    const kinds = new Set<string>();
    for (const file of sources(path.join(ENGINE, id))) for (const m of readFileSync(file, "utf8").matchAll(/\bkind:\s*"([^"]+)"/g)) kinds.add(m[1]!);
    expect(kinds.size).toBeGreaterThan(3);
    expect([...kinds].filter((k) => !SNAKE.test(k))).toEqual([]);
  });

  it.each([...rulesets.keys()])("%s: every kind its events carry in bot games of each scenario", (id) => {
    const ruleset = rulesets.get(id)!;
    const kinds = new Set<string>();
    for (const { id: scenario } of ruleset.scenarios) {
      const options = ruleset.parseOptions({});
      if (isRuleError(options)) throw new Error(options.message);
      const state = ruleset.setup(scenario, options, rngFromSeed(`kinds:${scenario}`));
      if (isRuleError(state)) throw new Error(state.message);
      const rngs = { bot: (n: number) => rngFromSeed(`kinds-bot:${n}`), dice: (n: number) => rngFromSeed(`kinds-dice:${n}`) };
      playOut(botPlay(ruleset, state, rngs, { maxActions: 600 }), (step) => {
        for (const e of step.events) kinds.add(e.kind);
      });
    }
    expect(kinds.size).toBeGreaterThan(3);
    expect([...kinds].filter((k) => !SNAKE.test(k))).toEqual([]);
  });
});
