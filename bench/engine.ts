import { gzipSync } from "node:zlib";
import { dicewars, type DiceWarsState } from "../worker/engine/dicewars";
import { moscow, UNIT_DEFS, validDestinations, type MoscowState } from "../worker/engine/moscow";
import { distance, type Hex } from "../worker/engine/hex";
import { musket } from "../worker/engine/musket";
import { los } from "../worker/engine/musket/sight";
import type { MusketState } from "../worker/engine/musket/state";
import { isRuleError, type AnyRuleset } from "../worker/engine/ruleset";
import { warshard } from "../worker/engine/warshard";
import { skirmish } from "../worker/engine/skirmish";
import { passChance, rollTest } from "../worker/engine/skirmish/dice";
import type { SkirmishState } from "../worker/engine/skirmish/state";
import { rngFromSeed } from "../worker/engine/rng";
import { botPlay, playOut, seededRngs, selfPlay, setupOrThrow } from "../worker/engine/bot-play";
import { measure, type Figure } from "./lib";

/** The actions the computer plays from `state` while `keepOn` holds (a seat's sitting, one activation). */
function botActions<S>(ruleset: AnyRuleset, state: S, seed: string, keepOn: (state: S, seat: string) => boolean) {
  const actions: unknown[] = [];
  const end = playOut(botPlay(ruleset, state, seededRngs(seed), { keepOn }), (step) => actions.push(step.action));
  return { actions, end: end.state };
}

/** The actions one seat's bot plays from `state` until the seat no longer has to act. */
const sitting = <S>(ruleset: AnyRuleset, state: S, seat: string, seed: string) => botActions(ruleset, state, seed, (s) => ruleset.toAct(s).includes(seat));

function applyAll<S>(ruleset: AnyRuleset, state: S, seat: string, actions: unknown[], seed: string): S {
  const dice = seededRngs(seed).dice;
  let current = state;
  actions.forEach((a, i) => {
    const applied = ruleset.apply(current, seat, a, dice(i));
    if (isRuleError(applied)) throw new Error(applied.message);
    current = applied.state as S;
  });
  return current;
}

export function engineBench(): { figures: Figure[]; facts: string[] } {
  const figures: Figure[] = [];
  const facts: string[] = [];

  const start = setupOrThrow(moscow, "quickstart", {}, "bench") as MoscowState;
  const panzer = UNIT_DEFS.find((u) => u.type === "panzer" && start.units.some((s) => s.id === u.id && s.position))!;
  const reachable = validDestinations(start, panzer.id).length;
  figures.push(measure(`moscow: legal moves of panzer ${panzer.id} (turn 1, ${reachable} hexes)`, () => validDestinations(start, panzer.id), { iterations: 2000 }));

  const german = sitting(moscow, start, "german", "bench");
  figures.push(
    measure(`moscow: apply a whole German player-turn (turn 1, ${german.actions.length} actions, dice included)`, () => applyAll(moscow, start, "german", german.actions, "bench"), {
      iterations: 50,
    }),
  );
  figures.push(measure("moscow: bot plays a whole German player-turn (choose + apply)", () => sitting(moscow, start, "german", "bench"), { iterations: 10 }));

  let n = 0;
  const game = selfPlay(moscow, "standard", {}, "bench-game");
  figures.push(measure(`moscow: one full self-play game, both setups to the end of turn 7 (${game.log.length} actions)`, () => selfPlay(moscow, "standard", {}, `bench-${n++}`), { runs: 5, iterations: 3 }));
  const json = JSON.stringify(game.final);
  facts.push(`moscow state JSON at the end of a game: ${json.length.toLocaleString("en-US")} bytes (${gzipSync(json).length.toLocaleString("en-US")} gzipped)`);
  facts.push(`moscow state JSON after setup: ${JSON.stringify(game.initial).length.toLocaleString("en-US")} bytes`);

  for (const size of ["25x25"]) {
    const dw = setupOrThrow<DiceWarsState>(dicewars, size, { players: 4 }, "bench-dw");
    const seat = dicewars.toAct(dw)[0]!;
    const turn = sitting(dicewars, dw, seat, "bench-dw");
    figures.push(measure(`dicewars: one bot turn on ${size} (${turn.actions.length} actions incl. end_turn and supply)`, () => sitting(dicewars, dw, seat, "bench-dw"), { iterations: 200 }));
  }
  let m = 0;
  const whole = selfPlay(dicewars, "25x25", { players: 4 }, "bench-dw-game");
  figures.push(measure(`dicewars: a whole 4-bot game on 25x25 (${whole.log.length} actions)`, () => selfPlay(dicewars, "25x25", { players: 4 }, `bench-dw-${m++}`), { runs: 5, iterations: 2 }));
  const dwJson = JSON.stringify(whole.initial);
  facts.push(`dicewars 25x25 state JSON: ${dwJson.length.toLocaleString("en-US")} bytes (${gzipSync(dwJson).length.toLocaleString("en-US")} gzipped)`);

  warshardFigures(figures, facts);
  musketFigures(figures, facts);
  skirmishFigures(figures, facts);
  return { figures, facts };
}

/** A side's whole player-turn from the start of a scenario, played by its bot, and the same actions applied. */
function playerTurnFigures<S>(ruleset: AnyRuleset, scenario: string, seed: string, label: string, figures: Figure[]) {
  const start = setupOrThrow<S>(ruleset, scenario, {}, seed);
  const seat = ruleset.toAct(start)[0]!;
  const turn = sitting(ruleset, start, seat, seed);
  figures.push(measure(`${label}: apply a whole player-turn of ${seat} (${turn.actions.length} actions)`, () => applyAll(ruleset, start, seat, turn.actions, seed), { iterations: 200 }));
  figures.push(measure(`${label}: the computer plays that player-turn (choose + apply)`, () => sitting(ruleset, start, seat, seed), { iterations: 100 }));
}

function selfPlayFigure(ruleset: AnyRuleset, scenario: string, label: string, figures: Figure[], facts: string[]) {
  let n = 0;
  const game = selfPlay(ruleset, scenario, {}, `${label}-game`);
  figures.push(measure(`${label}: one whole self-play game (${game.log.length} actions)`, () => selfPlay(ruleset, scenario, {}, `${label}-${n++}`), { runs: 5, iterations: 10 }));
  const json = JSON.stringify(game.final);
  facts.push(`${label} state JSON at the end of a game: ${json.length.toLocaleString("en-US")} bytes (${gzipSync(json).length.toLocaleString("en-US")} gzipped)`);
}

function warshardFigures(figures: Figure[], facts: string[]) {
  playerTurnFigures(warshard, "boot_camp", "bench-ws", "warshard boot_camp", figures);
  selfPlayFigure(warshard, "boot_camp", "warshard boot_camp", figures, facts);
}

function musketFigures(figures: Figure[], facts: string[]) {
  const start = setupOrThrow<MusketState>(musket, "pitched-battle", {}, "bench-mk");
  const seat = musket.toAct(start)[0]!;
  // one activation: the bot's actions until the acting unit is done and another must be chosen
  const { actions } = botActions<MusketState>(musket, start, "bench-mk", (s, now) => now === seat && (s === start || s.activeUnit !== null));
  figures.push(measure(`musket pitched-battle: one activation applied (${actions.length} actions)`, () => applyAll(musket, start, seat, actions, "bench-mk"), { iterations: 500 }));
  const { cols, rows } = start.map;
  const corner: Hex = [0, 0];
  const far: Hex = [cols - 1, rows - 1 - Math.floor((cols - 1) / 2)];
  figures.push(measure(`musket pitched-battle: line of sight across the board (${distance(corner, far)} hexes)`, () => los(start, corner, far), { iterations: 5000 }));
  playerTurnFigures(musket, "pitched-battle", "bench-mk", "musket pitched-battle", figures);
  selfPlayFigure(musket, "pitched-battle", "musket pitched-battle", figures, facts);
}

function skirmishFigures(figures: Figure[], facts: string[]) {
  const sword = { test: "hit_close" as const, dr: 0, active: { model: "a1", attr: "CCA", value: 3 }, passive: { model: "b1", attr: "CCA", value: 2 }, modifiers: [] };
  let n = 0;
  figures.push(measure("skirmish: one dice test rolled (hit, 2 base against 2 base)", () => rollTest(sword, rngFromSeed(`bench-dice-${n++ % 64}`)), { iterations: 5000 }));
  figures.push(
    measure("skirmish: the exact chance of a test (4 base + 2 modifier + 1 wild against 3 base + 2 modifier)", () => passChance({ value: 3, pool: { b: 4, m: 2, w: 1 } }, { value: 2, pool: { b: 3, m: 2, w: 0 } }), {
      iterations: 200,
    }),
  );
  const start = setupOrThrow<SkirmishState>(skirmish, "small-clash", {}, "bench-sk");
  const seat = skirmish.toAct(start)[0]!;
  // one activation: the bot's actions until the model's activation is over
  const { actions } = botActions<SkirmishState>(skirmish, start, "bench-sk", (s, now) => now === seat && (s === start || s.activation !== null));
  figures.push(measure(`skirmish small-clash: one activation applied (${actions.length} actions)`, () => applyAll(skirmish, start, seat, actions, "bench-sk"), { iterations: 500 }));
  playerTurnFigures(skirmish, "small-clash", "bench-sk", "skirmish small-clash", figures);
  selfPlayFigure(skirmish, "small-clash", "skirmish small-clash", figures, facts);
}
