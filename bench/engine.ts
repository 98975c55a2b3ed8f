import { gzipSync } from "node:zlib";
import { dicewars, type DiceWarsState } from "../worker/engine/dicewars";
import { moscow, UNIT_DEFS, validDestinations, type MoscowState } from "../worker/engine/moscow";
import { isRuleError, type AnyRuleset } from "../worker/engine/ruleset";
import { botRngFor, diceFor, selfPlay, setupOrThrow } from "../tests/engine/selfplay";
import { measure, type Figure } from "./lib";

/** The actions one seat's bot plays from `state` until the seat no longer has to act. */
function sitting<S>(ruleset: AnyRuleset, state: S, seat: string, seed: string) {
  const actions: unknown[] = [];
  let current = state;
  while (ruleset.toAct(current).includes(seat)) {
    const action = ruleset.bot(current, seat, botRngFor(seed, actions.length));
    const applied = ruleset.apply(current, seat, action, diceFor(seed, actions.length));
    if (isRuleError(applied)) throw new Error(applied.message);
    actions.push(action);
    current = applied.state as S;
  }
  return { actions, end: current };
}

function applyAll<S>(ruleset: AnyRuleset, state: S, seat: string, actions: unknown[], seed: string): S {
  let current = state;
  actions.forEach((a, i) => {
    const applied = ruleset.apply(current, seat, a, diceFor(seed, i));
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
  return { figures, facts };
}
