/**
 * The page's whole-game replay (web/replay.ts rebuildOn): a game followed from its start while
 * the computer plays on is replayed on from where the replay stood, batch after batch, and comes
 * to the same steps and the same position as one replay of the whole log.
 */
import { describe, expect, it } from "vitest";
import { skirmish, type SkirmishState } from "../../worker/engine/skirmish";
import { dicewars } from "../../worker/engine/dicewars";
import type { AnyRuleset } from "../../worker/engine/ruleset";
import type { LogEntry } from "../../web/api";
import { rebuild, rebuildOn } from "../../web/rebuild";
import type { Rebuilt } from "../../web/replay";
import { selfPlay } from "../engine/selfplay";

function logOf(turns: ReturnType<typeof selfPlay>["turns"]): LogEntry[] {
  return turns.map((t) => ({ seq: t.seq, seat: t.seat, bot: true, actions: t.actions, draws: t.draws }) as unknown as LogEntry);
}

describe("the whole game replayed on batch by batch", () => {
  const cases: [string, AnyRuleset, string, unknown][] = [
    ["skirmish", skirmish as unknown as AnyRuleset, "small-clash", {}],
    ["dicewars", dicewars as unknown as AnyRuleset, "10x10", { players: 2 }],
  ];
  for (const [name, ruleset, scenario, options] of cases) {
    it(`${name}: batches of 1 to 7 turns give the steps and the position of one replay of the whole log`, () => {
      const game = selfPlay<unknown>(ruleset, scenario, options, `whole-${name}`, 400);
      const log = logOf(game.turns);
      const once = rebuild(ruleset, game.initial, log, game.final);
      expect(once.complete).toBe(true);
      let followed: Rebuilt<unknown> | null = null;
      for (let upTo = 0, size = 1; upTo < log.length; size = (size % 7) + 1) {
        upTo = Math.min(log.length, upTo + size);
        // the position the server shows with this much of the log
        const now = upTo === log.length ? game.final : rebuild(ruleset, game.initial, log.slice(0, upTo), game.final).end!.state;
        followed = rebuildOn(ruleset, game.initial, followed, log.slice(0, upTo), now);
        expect(followed.complete).toBe(true);
      }
      expect(followed!.frames.length).toBe(once.frames.length);
      expect(followed!.frames.map((f) => f.lines.join("|"))).toEqual(once.frames.map((f) => f.lines.join("|")));
      expect(JSON.stringify(followed!.end!.state)).toBe(JSON.stringify(game.final));
      // nothing new: the same replay
      expect(rebuildOn(ruleset, game.initial, followed, log, game.final)).toBe(followed);
    });
  }
  it("a replay that failed is rebuilt from the start", () => {
    const game = selfPlay<SkirmishState>(skirmish as unknown as AnyRuleset, "small-clash", {}, "whole-failed", 40);
    const log = logOf(game.turns);
    const failed: Rebuilt<unknown> = { frames: [], complete: false, end: null };
    const again = rebuildOn(skirmish as unknown as AnyRuleset, game.initial, failed, log, game.final);
    expect(again.complete).toBe(true);
    expect(again.frames.length).toBe(log.reduce((n, e) => n + e.actions.length, 0));
  });
});
