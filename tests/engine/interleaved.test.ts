// The engines keep caches between calls (kept reach, the board, the computer's plan and hex
// values: module state, for speed), and one Worker isolate plays many games in turn. Those caches
// must never show: a game plays exactly the same whether it runs alone, interleaved action by
// action with another game of the same scenario, or with its state sent through JSON between
// actions, as a game stored in D1 is between requests.
import { describe, expect, it } from "vitest";
import { botPlay, seededRngs, setupOrThrow, type BotStep } from "../../worker/engine/bot-play";
import { rulesets } from "../../worker/engine/registry";

const CASES: [string, string, Record<string, unknown>][] = [
  ["moscow", "standard", {}],
  ["moscow", "quickstart", {}],
  ["dicewars", "10x10", { players: 2 }],
  ["dicewars", "10x10", { players: 4 }],
  ["warshard", "boot_camp", {}],
  ["musket", "pitched-battle", {}],
  ["musket", "rearguard", {}],
  ["skirmish", "small-clash", {}],
];

const MAX_ACTIONS = 600;

/** Each step as text: the seat, the action, its draws and events, and the state after. */
const trace = (step: BotStep<unknown>) => JSON.stringify([step.seat, step.action, step.draws, step.events, step.state]);

function alone(id: string, scenario: string, options: unknown, seed: string): string[] {
  const ruleset = rulesets.get(id)!;
  return [...botPlay(ruleset, setupOrThrow(ruleset, scenario, options, seed), seededRngs(seed), { maxActions: MAX_ACTIONS })].map(trace);
}

describe("engine caches stay invisible across games", () => {
  it.each(CASES)("%s %s %j: two games interleaved play as each alone", (id, scenario, options) => {
    const ruleset = rulesets.get(id)!;
    const seeds = ["interleave-a", "interleave-b"];
    const games = seeds.map((seed) => botPlay(ruleset, setupOrThrow(ruleset, scenario, options, seed), seededRngs(seed), { maxActions: MAX_ACTIONS }));
    const traces: string[][] = [[], []];
    const done = [false, false];
    while (!done[0] || !done[1]) {
      for (const g of [0, 1]) {
        if (done[g]) continue;
        const next = games[g]!.next();
        if (next.done) done[g] = true;
        else traces[g]!.push(trace(next.value));
      }
    }
    expect(traces[0]).toEqual(alone(id, scenario, options, seeds[0]!));
    expect(traces[1]).toEqual(alone(id, scenario, options, seeds[1]!));
  });

  it.each(CASES)("%s %s %j: a state sent through JSON between actions plays the same", (id, scenario, options) => {
    const ruleset = rulesets.get(id)!;
    const seed = "interleave-json";
    const expected = alone(id, scenario, options, seed);
    const rngs = seededRngs(seed);
    let state: unknown = JSON.parse(JSON.stringify(setupOrThrow(ruleset, scenario, options, seed)));
    const got: string[] = [];
    // one action at a time from a state parsed afresh, as each request loads its game
    for (let i = 0; i < expected.length; i++) {
      const from = i;
      const step = botPlay(ruleset, state, { bot: (j) => rngs.bot(from + j), dice: (j) => rngs.dice(from + j) }, { maxActions: 1 }).next();
      if (step.done) break;
      got.push(trace(step.value));
      state = JSON.parse(JSON.stringify(step.value.state));
    }
    expect(got).toEqual(expected);
  });
});
