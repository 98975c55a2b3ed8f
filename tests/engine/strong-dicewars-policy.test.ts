/**
 * The strong computer's own DiceWars play with 3 or 4 players (worker/engine/strong/dicewars-policy.ts):
 * the standard's priorities (rules 8.2) with expansions into the land nearest a rival first (6.1),
 * less the attack that cannot change anything, and risky attacks aimed at the strongest
 * neighbour (6.2).
 */
import { describe, expect, it } from "vitest";
import { dicewars, type DiceWarsState } from "../../worker/engine/dicewars";
import { listMoves } from "../../worker/engine/dicewars/legal";
import { BOT_MAX_MOVES, cellIndex } from "../../worker/engine/dicewars/state";
import { seededRngs, setupOrThrow } from "../../worker/engine/bot-play";
import { RecordingRng } from "../../worker/engine/rng";
import { isRuleError } from "../../worker/engine/ruleset";
import { strongWith } from "../../worker/engine/strong";
import { rngFromSeed } from "../../worker/engine/rng";
import { diceWarsOwn } from "../../worker/engine/strong/dicewars";
import { diceWarsOwnAction, FAR_FROM_RIVALS, ownPriority, rivalSteps } from "../../worker/engine/strong/dicewars-policy";
import { board, scriptedRng } from "./dicewars/helpers";

/** The policy read off legal.ts's list of moves: the first of the highest priority, or end_turn. */
function fromTheList(state: DiceWarsState, player: number): unknown {
  if (state.moves >= BOT_MAX_MOVES) return { type: "end_turn" };
  let best: { type: string; from: unknown; to: unknown } | null = null;
  let bestPriority = -Infinity;
  const steps = Array.from(rivalSteps(state, player));
  for (const move of listMoves(state, player)) {
    const p = ownPriority(move.attack, move.defence, move.type === "expand" ? steps[cellIndex(state.size, move.to)] : undefined);
    if (p !== null && p > bestPriority) {
      bestPriority = p;
      best = { type: move.type, from: move.from, to: move.to };
    }
  }
  return best ?? { type: "end_turn" };
}

const standard = (rows: string[], count: number) => dicewars.bot(board(rows, { count }), "p1", scriptedRng());
const own = (rows: string[], count: number) => diceWarsOwn(board(rows, { count }), "p1");

describe("the strong computer's own DiceWars play with 3 or 4 players", () => {
  const cases: { rule: string; rows: string[]; standard: unknown; own: unknown }[] = [
    {
      rule: "6.2: a source of 2 rolls 1, never beats a defence of 1 and leaves it at 1, so it ends the turn where the standard attacks",
      rows: ["1:2 2:1 #", "# # #", "# # 3:4"],
      standard: { type: "attack", from: [0, 0], to: [1, 0] },
      own: { type: "end_turn" },
    },
    {
      rule: "6.2: a failed attack leaves the defender at its roll less the attacker's, so the risky attack goes to the strongest neighbour (the standard takes the first direction)",
      rows: ["1:4 2:5 #", "3:9 # #", "# # #"],
      standard: { type: "attack", from: [0, 0], to: [1, 0] },
      own: { type: "attack", from: [0, 0], to: [0, 1] },
    },
    {
      rule: "6.2: a source of 2 against a defence of 2 still takes a die from it, as the standard does",
      rows: ["1:2 2:2 #", "# # #", "# # 3:4"],
      standard: { type: "attack", from: [0, 0], to: [1, 0] },
      own: { type: "attack", from: [0, 0], to: [1, 0] },
    },
    {
      rule: "8.2: a favourable attack comes before a risky one, as the standard's",
      rows: ["1:8 2:3 #", "3:9 # #", "# # #"],
      standard: { type: "attack", from: [0, 0], to: [1, 0] },
      own: { type: "attack", from: [0, 0], to: [1, 0] },
    },
    {
      rule: "8.2: an expansion comes before a risky attack, as the standard's",
      rows: ["1:6 2:9 #", ". # #", "# # 3:2"],
      standard: { type: "expand", from: [0, 0], to: [0, 1] },
      own: { type: "expand", from: [0, 0], to: [0, 1] },
    },
    {
      rule: "6.1: the expansion goes to the land next to a rival's first, where the standard takes the first direction",
      rows: ["1:6 . #", ". . #", "2:3 # 3:1"],
      standard: { type: "expand", from: [0, 0], to: [1, 0] },
      own: { type: "expand", from: [0, 0], to: [0, 1] },
    },
    {
      rule: "6.1: among expansions as near a rival, the strongest source first, as the standard's",
      rows: ["1:3 . 1:6", ". 2:9 .", "# # #"],
      standard: { type: "expand", from: [2, 0], to: [1, 0] },
      own: { type: "expand", from: [2, 0], to: [1, 0] },
    },
  ];
  for (const c of cases) {
    it(c.rule, () => {
      expect(standard(c.rows, 3)).toEqual(c.standard);
      expect(own(c.rows, 3)).toEqual(c.own);
    });
  }

  it("counts the steps to each empty cell from the nearest rival's cell through empty land alone (6.1: expansions cross empty cells only)", () => {
    // p2 at [0,2]; [0,1] and [1,1] touch it, [1,0] is one step beyond; [2,2] is walled off by p1's cells and a block
    const state = board(["1:6 . 1:2", ". . 1:2", "2:3 # ."], { count: 3 });
    const steps = rivalSteps(state, 0);
    const at = (q: number, r: number) => steps[cellIndex(state.size, [q, r])];
    expect([at(0, 1), at(1, 1), at(1, 0), at(2, 2)]).toEqual([1, 1, 2, FAR_FROM_RIVALS]);
  });

  it("scans the board to the same choice as legal.ts's list of moves gives, ties to the earliest, in seeded play with 3 and 4 players", () => {
    let positions = 0;
    for (const [scenario, players] of [["10x10", 3], ["15x15", 4]] as const) {
      const seed = `own-${scenario}`;
      let state = setupOrThrow<DiceWarsState>(dicewars, scenario, { players }, seed);
      const rngs = seededRngs(seed);
      for (let i = 0; i < 1500 && state.phase === "play"; i++, positions++) {
        const action = diceWarsOwnAction(state, state.current);
        expect(action).toEqual(fromTheList(state, state.current));
        // half the actions the standard's, so the policy meets positions it would not make itself
        const seat = dicewars.toAct(state)[0]!;
        const played = i % 2 === 0 ? action : dicewars.bot(state, seat, rngs.bot(i));
        const applied = dicewars.apply(state, seat, played, new RecordingRng(rngs.dice(i)));
        if (isRuleError(applied)) throw new Error(applied.message);
        state = applied.state;
      }
    }
    expect(positions).toBeGreaterThan(2000);
  });

  it("is what the strong level plays where its search compares nothing else (strong/index.ts hands the search a ruleset whose seat plays it)", () => {
    const alone = strongWith(dicewars, { candidates: 1 })!;
    expect(alone(board(["1:2 2:1 #", "# # #", "# # 3:4"], { count: 3 }), "p1", rngFromSeed("alone"))).toEqual({ type: "end_turn" });
    expect(alone(board(["1:2 2:1", "# #"], { count: 2 }), "p1", rngFromSeed("alone"))).toEqual({ type: "attack", from: [0, 0], to: [1, 0] });
  });

  it("is the standard's with two players (their fitted evaluation met the target with it)", () => {
    expect(own(["1:2 2:1", "# #"], 2)).toBeUndefined();
  });
});
