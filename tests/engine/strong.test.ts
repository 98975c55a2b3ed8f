/**
 * The strong computer (worker/engine/strong): for every ruleset, seeded stretches of play with
 * the strong level on every seat are the same on a second run (its search draws only from the
 * bot stream it is handed), and every action it chooses is one `apply` accepts, the standard
 * computer's own or one of `legal()`'s choices (Battle for Moscow's declarations: a whole plan).
 */
import { describe, expect, it } from "vitest";
import { playOut, botPlay, seededRngs, setupOrThrow } from "../../worker/engine/bot-play";
import { rulesets } from "../../worker/engine/registry";
import type { AnyRuleset } from "../../worker/engine/ruleset";
import { botAt, actionsPerRequestAt, searchesAt } from "../../worker/engine/strong";
import type { MoscowState } from "../../worker/engine/moscow/state";
import type { DiceWarsState } from "../../worker/engine/dicewars";
import { diceWarsBoard } from "../../worker/engine/strong/dicewars";

const cases: [string, string, Record<string, unknown>, number][] = [
  ["moscow", "quickstart", {}, 24],
  ["dicewars", "10x10", { players: 2 }, 60],
  ["dicewars", "10x10", { players: 3 }, 60],
  ["warshard", "boot_camp", {}, 12],
  ["musket", "the-bridge", {}, 30],
  ["skirmish", "small-clash", {}, 16],
];

/**
 * Plays `actions` actions with the strong level on every seat; counts its choices that are not
 * the standard computer's from the same position with the same stream (the search changed its mind).
 */
function play(id: string, scenario: string, options: Record<string, unknown>, actions: number, seed: string) {
  const ruleset = rulesets.get(id)!;
  const strong = botAt(ruleset, "strong");
  const rngs = seededRngs(seed);
  let index = 0;
  let changed = 0;
  const searching: AnyRuleset = {
    ...ruleset,
    bot: (state: unknown, seat: string, rng) => {
      const action = strong(state, seat, rng);
      if (JSON.stringify(action) !== JSON.stringify(ruleset.bot(state, seat, rngs.bot(index)))) changed++;
      return action;
    },
  };
  const log: unknown[] = [];
  const start = setupOrThrow<unknown>(ruleset, scenario, options, seed);
  const counted = { bot: (i: number) => ((index = i), rngs.bot(i)), dice: rngs.dice };
  const end = playOut(botPlay(searching, start, counted, { maxActions: actions }), (step) => log.push([step.seat, step.action, step.draws]));
  return { log, final: end.state, played: end.played, changed };
}

let changedInAll = 0;

describe("the strong computer", () => {
  for (const [id, scenario, options, actions] of cases) {
    it(`${id} ${scenario}${"players" in options ? ` ${options.players} players` : ""}: deterministic for a seed, and only actions apply accepts`, () => {
      for (const seed of ["strong-a", "strong-b"]) {
        // playOut throws on an action apply refuses
        const first = play(id, scenario, options, actions, seed);
        const again = play(id, scenario, options, actions, seed);
        expect(first.played).toBe(actions);
        expect(again.log).toEqual(first.log);
        expect(again.final).toEqual(first.final);
        changedInAll += first.changed;
      }
    });
  }

  it("is not the standard computer under another name: its search overrules it somewhere in these stretches", () => {
    expect(changedInAll).toBeGreaterThan(0);
  });

  it("searches only where its ruleset says a future shows a choice's worth (Battle for Moscow: not the order of declared battles, nor the German's losses and advances)", () => {
    const moscow = rulesets.get("moscow")!;
    const seen = new Set<string>();
    const start = setupOrThrow<MoscowState>(moscow, "quickstart", {}, "searches");
    playOut(botPlay(moscow, start, seededRngs("searches"), { maxActions: 250 }), (step) => {
      const state = step.before as MoscowState;
      const what = state.pending ? `${step.seat} ${state.pending.kind}` : state.phase.endsWith("combat") && state.battlesDeclared ? "resolution" : `${step.seat} other`;
      seen.add(`${what}:${searchesAt(moscow, "strong", state)}:${searchesAt(moscow, "standard", state)}`);
    });
    expect([...seen].sort()).toEqual(["german advance:false:false", "german losses:false:false", "german other:true:false", "german retreat:true:false", "resolution:false:false", "soviet other:true:false"]);
  });

  it("plays fewer actions a request than the standard level where a decision costs more", () => {
    for (const ruleset of rulesets.values()) {
      const standard = ruleset.botActionsPerRequest ?? 12;
      expect(actionsPerRequestAt(ruleset, "standard", standard)).toBe(standard);
      expect(actionsPerRequestAt(ruleset, "strong", standard)).toBeGreaterThanOrEqual(1);
      expect(actionsPerRequestAt(ruleset, "strong", standard)).toBeLessThan(standard);
    }
  });

  it("DiceWars: a larger board affords fewer futures, as its actions cost more, and 25x25 with 3-4 players keeps 20x20's share", () => {
    const dicewars = rulesets.get("dicewars")!;
    const share = (board: string, players: number) => diceWarsBoard(setupOrThrow<DiceWarsState>(dicewars, board, { players }, "futures"));
    expect([share("10x10", 2), share("15x15", 3)]).toEqual([1, 1]);
    expect(share("20x20", 2)).toBeCloseTo(225 / 400, 12);
    expect(share("25x25", 2)).toBeCloseTo(225 / 625, 12);
    for (const players of [3, 4]) expect(share("25x25", players)).toBe(share("20x20", players));
  });
});
