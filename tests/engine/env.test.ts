/**
 * The environment (worker/engine/env): on every step of seeded random games its legal mask is
 * `legal()`'s list exactly (one index each, each index back to its action), and the observation
 * gives back where every piece stands, read from the state without the environment's layout.
 */
import { describe, expect, it } from "vitest";
import { Environment, PIECE_FIELDS, HEADER_FIELDS } from "../../worker/engine/env/environment";
import type { Hex } from "../../worker/engine/hex";
import { rngFromSeed } from "../../worker/engine/rng";
import type { MoscowState } from "../../worker/engine/moscow";
import type { DiceWarsState } from "../../worker/engine/dicewars";
import type { WarshardState } from "../../worker/engine/warshard";
import type { MusketState } from "../../worker/engine/musket";
import type { SkirmishState } from "../../worker/engine/skirmish";

/** Where each piece stands, by id, straight from each ruleset's state. */
const positions: Record<string, (state: never) => Map<string, Hex | null>> = {
  moscow: (s: MoscowState) => new Map(s.units.map((u) => [u.id, u.position])),
  dicewars: (s: DiceWarsState) => new Map(s.blocked.map((b, i) => [String(i), b ? null : ([Math.floor(i / s.size), i % s.size] as Hex)])),
  warshard: (s: WarshardState) => new Map(s.units.map((u) => [u.id, u.status === "map" ? u.hex : null])),
  musket: (s: MusketState) => new Map<string, Hex | null>([...s.units.map((u) => [u.id, u.hex] as const), ...s.eliminated.map((u) => [u.id, null] as const), ...s.exited.map((u) => [u.id, null] as const)]),
  skirmish: (s: SkirmishState) => new Map(s.models.map((m) => [m.id, m.status === "eliminated" ? null : m.hex])),
};

const cases: [string, string, Record<string, unknown>, number][] = [
  ["moscow", "standard", {}, 2],
  ["moscow", "quickstart", {}, 2],
  ["dicewars", "10x10", { players: 3 }, 1],
  ["warshard", "boot_camp", {}, 4],
  ["musket", "pitched-battle", {}, 2],
  ["musket", "the-bridge", {}, 2],
  ["musket", "rearguard", {}, 2],
  ["skirmish", "small-elimination", {}, 2],
  ["skirmish", "small-clash", {}, 2],
];

describe("the environment over every ruleset", () => {
  for (const [ruleset, scenario, options, games] of cases) {
    it(`${ruleset} ${scenario}: the mask is legal() on every step, the observation gives the positions back`, () => {
      const env = new Environment(ruleset);
      const pick = rngFromSeed(`env-test:${ruleset}:${scenario}`);
      for (let g = 0; g < games; g++) {
        const spec = env.reset(scenario, `env-${g}`, options);
        expect(spec.observationSize).toBe(HEADER_FIELDS.length + PIECE_FIELDS.length * spec.pieces.length);
        for (let step = 0; step < 3000; step++) {
          const seat = env.toAct()[0];
          const mask = env.legalMask();
          const indices = env.legalIndices();
          if (seat === undefined) {
            expect(indices).toEqual([]);
            break;
          }
          const choices = env.ruleset.legal(env.current, seat).choices;
          expect(mask.reduce((n, b) => n + b, 0)).toBe(choices.length);
          expect(indices.map((i) => env.actionAt(i))).toEqual(choices.map((c) => c.action));
          for (const i of indices) expect(mask[i]).toBe(1);

          const observer = spec.seats[step % spec.seats.length]!;
          const obs = env.observation(observer);
          const truth = positions[ruleset]!(env.current as never);
          const seen: string[] = [];
          const real: string[] = [];
          spec.pieces.forEach((p, k) => {
            const at = HEADER_FIELDS.length + k * PIECE_FIELDS.length;
            const hex = obs[at] === 1 ? env.hexAt(obs[at + 1]!) : null;
            const mine = obs[at + 3] === (obs[at + 2] === spec.seats.indexOf(observer) ? 1 : 0);
            seen.push(`${p.id} ${hex === null ? "off" : `${hex[0]},${hex[1]}`}${mine ? "" : " mine wrong"}`);
            const t = truth.get(p.id);
            real.push(`${p.id} ${t ? `${t[0]},${t[1]}` : "off"}`);
          });
          if (seen.join() !== real.join()) expect(seen, `step ${step}`).toEqual(real);
          expect(obs[2]).toBe(spec.seats.indexOf(observer));
          expect(obs[3]).toBe(spec.seats.indexOf(seat));

          const result = env.step(indices[pick.int(indices.length)]!);
          expect(result.seat).toBe(seat);
          if (result.done) {
            const outcome = env.ruleset.outcome(env.current);
            expect(outcome).not.toBeNull();
            if (outcome!.result === "win") expect(result.rewards.filter((r) => r === 1).length).toBe(outcome!.winners.length);
          }
        }
      }
    });
  }

  it("refuses an index that is not legal now, naming it, and changes nothing", () => {
    const env = new Environment("warshard");
    env.reset("boot_camp", "refuse");
    const before = env.current;
    const illegal = [...Array(env.spec.actionCount).keys()].find((i) => env.legalMask()[i] === 0)!;
    expect(() => env.step(illegal)).toThrow(`action index ${illegal} is not legal now`);
    expect(env.current).toBe(before);
  });

  it("the same seed and the same indices make the same game", () => {
    const play = () => {
      const env = new Environment("skirmish");
      env.reset("small-clash", "twice");
      const pick = rngFromSeed("twice");
      for (let i = 0; i < 200 && env.toAct().length > 0; i++) env.step(env.legalIndices()[pick.int(env.legalIndices().length)]!);
      return JSON.stringify(env.current);
    };
    expect(play()).toBe(play());
  });
});
