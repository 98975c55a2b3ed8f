/**
 * Conformance v2: the behaviour every ruleset shares, whatever its game (contract v2 in
 * worker/engine/ruleset.ts). Every ruleset's tests run it; no ruleset keeps its own copy.
 */
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replay, type ReplayTurn } from "../../worker/engine/replay";
import { RecordingRng, rngFromSeed, type Rng } from "../../worker/engine/rng";
import { COMMON_ERROR_CODES, isRuleError, type AnyRuleset, type GameEvent, type Seat } from "../../worker/engine/ruleset";
import { selfPlay, setupOrThrow } from "./selfplay";

export interface ConformanceCase {
  scenario: string;
  options?: Record<string, unknown>;
  /** Random walks through reachable states, each choosing among legal(). */
  walks: number;
  /** Actions per walk at most (a walk also stops when the game ends). */
  walkLength: number;
  /** Bot games played to the end, each within `maxActions`. */
  games: number;
  maxActions: number;
}

/** What the suite needs to know of a ruleset beyond the contract to check its optional members. */
export interface ConformanceProbes {
  /** The unit ids of a state, to ask `unitOptions` about (required when the ruleset has it). */
  units?: (state: any) => readonly string[];
}

/** Shapes no ruleset accepts as an action. */
const garbage: unknown[] = [
  null,
  42,
  "end_phase",
  [],
  {},
  { type: "no_such_action" },
  { type: 7 },
  { type: "move", unitId: { nested: true }, to: "nowhere" },
  ...fc.sample(fc.anything({ withObjectString: true }), { seed: 7, numRuns: 12 }),
];

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A plain assertion for the hot loops: vitest's expect costs too much per call there. */
function must(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

const roundTrips = (value: unknown) => must(isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value), () => `not plain JSON: ${JSON.stringify(value)?.slice(0, 200)}`);

function expectDescribed(ruleset: AnyRuleset, events: readonly GameEvent[]) {
  for (const e of events) {
    const line = ruleset.describe(e);
    must(typeof line === "string" && line.length > 0 && !/undefined|\[object|NaN/.test(line), () => `${JSON.stringify(e)} is described as ${JSON.stringify(line)}`);
  }
}

/** Applies and insists it is accepted; the state handed in is frozen, so a mutation throws. */
function accepted(ruleset: AnyRuleset, state: unknown, seat: Seat, action: unknown, rng: Rng) {
  const result = ruleset.apply(state, seat, action, rng);
  if (isRuleError(result)) throw new Error(`${seat} ${JSON.stringify(action)} refused: ${result.code} ${result.message}`);
  return result;
}

function expectRejectedCleanly(ruleset: AnyRuleset, state: unknown, seat: Seat, action: unknown) {
  const rng = rngFromSeed("untouched");
  const result = ruleset.apply(state, seat, action, rng);
  must(isRuleError(result) && result.message.length > 0, () => `${seat} ${JSON.stringify(action)} was not refused with a message`);
  const code = (result as { code: string }).code;
  must((COMMON_ERROR_CODES as readonly string[]).includes(code) || ruleset.errorCodes.includes(code), () => `${code} is not one of the ruleset's declared codes`);
  must(rng.draws === 0, () => `${seat} ${JSON.stringify(action)} drew a number`);
}

/**
 * unitOptions, where a ruleset has it: null for a seat not to act and for an unknown unit; an
 * acting unit's choices are legal() choices, each accepted; a unit not yet acting has choices
 * that wait for its activation (none accepted now, refused cleanly); a reason is a line.
 */
function checkUnitOptions(ruleset: AnyRuleset, state: unknown, seats: readonly Seat[], units: readonly string[]) {
  const toAct = ruleset.toAct(state);
  for (const seat of seats) {
    must(ruleset.unitOptions!(state, seat, "no-such-unit") === null, () => `${seat}: options for a unit that does not exist`);
    const legal = toAct.includes(seat) ? ruleset.legal(state, seat).choices.map((c) => JSON.stringify(c.action)) : [];
    for (const unit of units) {
      const options = ruleset.unitOptions!(state, seat, unit);
      if (options === null) continue;
      must(toAct.includes(seat), () => `${seat} is not to act but has options for ${unit}`);
      must(options.unit === unit, () => `asked for ${unit}, answered ${options.unit}`);
      roundTrips(options);
      must(options.reason === undefined || (options.reason.length > 0 && options.choices.length === 0), () => `${unit}: a reason beside choices, or an empty one`);
      for (const c of options.choices) {
        must(c.label.length > 0, () => `${unit}: no label for ${JSON.stringify(c.action)}`);
        if (options.acting) {
          must(legal.includes(JSON.stringify(c.action)), () => `${unit} acting: ${JSON.stringify(c.action)} is not among legal()'s choices`);
          accepted(ruleset, state, seat, c.action, rngFromSeed("unit-options"));
        } else {
          expectRejectedCleanly(ruleset, state, seat, c.action);
        }
      }
    }
  }
}

/** The checks made in every state a walk reaches. */
function checkState(ruleset: AnyRuleset, state: unknown, seats: readonly Seat[], deep: boolean, probes: ConformanceProbes) {
  if (deep && ruleset.unitOptions) checkUnitOptions(ruleset, state, seats, probes.units!(state));
  if (deep) roundTrips(state);
  const toAct = ruleset.toAct(state);
  const outcome = ruleset.outcome(state);
  must(ruleset.summary(state).line.length > 0, () => "an empty summary line");
  for (const viewer of [...seats, null]) {
    const view = ruleset.view(state, viewer);
    if (view !== state) roundTrips(view);
  }
  if (outcome) {
    must(toAct.length === 0, () => `the game is over but ${toAct} must act`);
    must(outcome.line.length > 0 && outcome.winners.every((w) => seats.includes(w)), () => `outcome ${JSON.stringify(outcome)}`);
    if (outcome.result === "win") must(outcome.winners.length > 0, () => "a win without a winner");
  } else {
    must(toAct.length > 0, () => "a running game has nobody to act");
  }
  const owed = ruleset.owed(state);
  if (owed) {
    must(toAct.includes(owed.seat), () => `${owed.seat} owes a choice but is not to act`);
    must(ruleset.choiceKinds.some((k) => k.kind === owed.kind), () => `owed kind ${owed.kind} is not declared`);
  }
  for (const seat of seats) {
    const legal = ruleset.legal(state, seat);
    if (!toAct.includes(seat)) {
      must(legal.choices.length === 0, () => `${seat} is not to act but has legal choices`);
      continue;
    }
    must(legal.choices.length > 0, () => `${seat} must act but has no legal choice`);
    // every listed choice is accepted: all of them in some states, a few in the others
    const sample = deep ? legal.choices : legal.choices.filter((_, i) => i % Math.ceil(legal.choices.length / 3) === 0);
    for (const c of sample) {
      must(c.label.length > 0, () => `no label for ${JSON.stringify(c.action)}`);
      if (deep) roundTrips(c.action);
      expectDescribed(ruleset, accepted(ruleset, state, seat, c.action, rngFromSeed("choice")).events);
    }
    const botAction = ruleset.bot(state, seat, rngFromSeed("bot"));
    accepted(ruleset, state, seat, botAction, rngFromSeed("bot-dice"));
    for (const policy of owed?.seat === seat ? ruleset.choiceKinds.find((k) => k.kind === owed.kind)!.policies : []) {
      const ordered = ruleset.standingOrder(state, seat, policy.id);
      if (ordered !== null) accepted(ruleset, state, seat, ordered, rngFromSeed("order"));
    }
  }
  for (const seat of [...seats, "nobody"]) {
    for (const action of garbage) expectRejectedCleanly(ruleset, state, seat, action);
    if (!toAct.includes(seat)) {
      const someone = toAct[0];
      for (const c of someone === undefined ? [] : ruleset.legal(state, someone).choices.slice(0, 3)) expectRejectedCleanly(ruleset, state, seat, c.action);
    }
  }
}

/**
 * `invariant` is the ruleset's own check of a reachable state (it throws or fails an expect);
 * the walks call it on every state they reach. `probes` lets the suite check optional members.
 */
export function conformance(ruleset: AnyRuleset, cases: readonly ConformanceCase[], invariant: (state: any) => void = () => undefined, probes: ConformanceProbes = {}) {
  describe(`${ruleset.id}: ruleset conformance v2`, () => {
    if (ruleset.unitOptions) {
      it("has unitOptions, so names the units to ask it about", () => {
        expect(probes.units, "conformance(..., probes) needs units(state) for a ruleset with unitOptions").toBeTypeOf("function");
      });
    }

    it("lists its scenarios, options and seats; refuses an unknown scenario or option", () => {
      expect(ruleset.scenarios.length).toBeGreaterThan(0);
      const defaults = ruleset.parseOptions({});
      expect(isRuleError(defaults)).toBe(false);
      for (const s of ruleset.scenarios) {
        const seats = ruleset.seats(s.id, defaults);
        expect(isRuleError(seats)).toBe(false);
        expect((seats as string[]).length).toBeGreaterThan(0);
      }
      expect(isRuleError(ruleset.seats("no-such-scenario", defaults))).toBe(true);
      expect(isRuleError(ruleset.setup("no-such-scenario", defaults, rngFromSeed("x")))).toBe(true);
      expect(isRuleError(ruleset.parseOptions({ noSuchOption: 1 }))).toBe(true);
      expect(isRuleError(ruleset.parseOptions([1]))).toBe(true);
      for (const spec of ruleset.options) expect(isRuleError(ruleset.parseOptions({ [spec.name]: "no-such-choice" }))).toBe(true);
      for (const k of ruleset.choiceKinds) expect(k.policies.length).toBeGreaterThan(0);
      for (const code of ruleset.errorCodes) {
        expect(code).toMatch(/^[a-z_]+$/);
        expect(COMMON_ERROR_CODES as readonly string[]).not.toContain(code);
      }
    });

    for (const c of cases) {
      const options = ruleset.parseOptions(c.options ?? {});
      if (isRuleError(options)) throw new Error(`conformance case options refused: ${options.message}`);
      describe(`scenario ${c.scenario} ${JSON.stringify(c.options ?? {})}`, () => {
        it("setup is deterministic for a seed, plain JSON, and not mutated by play", () => {
          const a = setupOrThrow(ruleset, c.scenario, options, "same");
          const b = setupOrThrow(ruleset, c.scenario, options, "same");
          expect(JSON.stringify(a)).toBe(JSON.stringify(b));
          roundTrips(a);
        });

        it(`${c.walks} random walks: every legal choice accepted, the bot's choice legal, rejections clean, events described, replay byte for byte`, () => {
          const seats = ruleset.seats(c.scenario, options) as Seat[];
          for (let w = 0; w < c.walks; w++) {
            const pick = rngFromSeed(`walk:${c.scenario}:${w}`);
            const start = deepFreeze(setupOrThrow(ruleset, c.scenario, options, `walk-${w}`));
            const turns: ReplayTurn[] = [];
            let state: unknown = start;
            for (let step = 0; step < c.walkLength; step++) {
              checkState(ruleset, state, seats, step % 37 === 0, probes);
              invariant(state);
              const toAct = ruleset.toAct(state);
              if (toAct.length === 0) break;
              const seat = toAct[pick.int(toAct.length)]!;
              const choices = ruleset.legal(state, seat).choices;
              const choice = choices[pick.int(choices.length)]!;
              const rng = new RecordingRng(rngFromSeed(`dice:${w}:${step}`));
              const applied = accepted(ruleset, state, seat, choice.action, rng);
              expectDescribed(ruleset, applied.events);
              for (const out of applied.eliminated ?? []) expect(seats).toContain(out);
              turns.push({ seq: step + 1, seat, actions: [choice.action], draws: [rng.recorded] });
              state = deepFreeze(applied.state);
            }
            const again = replay(ruleset, start, turns);
            expect(again.failure).toBeNull();
            expect(JSON.stringify(again.state)).toBe(JSON.stringify(state));
          }
        });

        it(`the bot finishes ${c.games} games, deterministically, each with an outcome`, () => {
          for (let g = 0; g < c.games; g++) {
            const seed = `conformance-${g}`;
            const game = selfPlay(ruleset, c.scenario, options, seed, c.maxActions);
            expect(ruleset.toAct(game.final), `game ${g} still running after ${game.log.length} actions`).toEqual([]);
            const outcome = ruleset.outcome(game.final);
            expect(outcome).not.toBeNull();
            expect(outcome!.line.length).toBeGreaterThan(0);
            const again = replay(ruleset, game.initial, game.turns);
            expect(again.failure).toBeNull();
            expect(JSON.stringify(again.state)).toBe(JSON.stringify(game.final));
            if (g === 0) {
              const twice = selfPlay(ruleset, c.scenario, options, seed, c.maxActions);
              expect(JSON.stringify(twice.final)).toBe(JSON.stringify(game.final));
            }
          }
        });
      });
    }
  });
}
