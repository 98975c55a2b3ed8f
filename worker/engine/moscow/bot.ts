/**
 * The computer opponent for both seats: legal, deterministic for a given Rng, and sensible
 * (good-odds attacks, Moscow held, replacements used). It never touches the game's dice.
 */
import type { Rng } from "../rng";
import type { Seat } from "../ruleset";
import { currentStrength, positionIndex } from "./board";
import { sideToAct } from "./state";
import { isCombatPhase } from "./combat";
import { CITY_AT, hexOf, indexOf, MOSCOW, SETUP_HEXES, UNIT_DEFS, unitDef, type Side } from "./data";
import { chooseBattles, chooseMove, DIST_MOSCOW, RANK_OF } from "./botplan";
import { chooseGermanBattles } from "./bot-assault";
import { stepValues } from "./losses";
import { isMovementPhase } from "./movement";
import { isReplacementPhase, replacementOptions } from "./replacements";
import { setupUnits } from "./data";
import type { ChoiceAction, MoscowAction, MoscowState, Pending } from "./state";

const END: MoscowAction = { type: "end_phase" };

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function setupAction(side: Side, rng: Rng): MoscowAction {
  const hexes = SETUP_HEXES[side];
  if (side === "soviet") {
    const units = shuffled(setupUnits("soviet"), rng).slice(0, hexes.length);
    return { type: "setup", placements: units.map((unitId, k) => ({ unitId, hex: [...hexOf(hexes[k]!)] as [number, number] })) };
  }
  // Panzers on the set-up hexes nearest Moscow, strongest first; infantry behind them.
  const byFront = [...hexes].sort((a, b) => DIST_MOSCOW[a]! - DIST_MOSCOW[b]! || a - b);
  const units = shuffled(setupUnits("german"), rng).sort((a, b) => {
    const da = unitDef(a)!;
    const db = unitDef(b)!;
    return (da.type === "panzer" ? 0 : 1) - (db.type === "panzer" ? 0 : 1) || db.full - da.full;
  });
  return { type: "setup", placements: units.map((unitId, k) => ({ unitId, hex: [...hexOf(byFront[k]!)] as [number, number] })) };
}

/** What a set of attacker losses costs the bot: printed strength lost, panzers dearer. */
function lossCost(state: MoscowState, o: ChoiceAction): number {
  if (o.type !== "choose_losses") return 0;
  let c = 0;
  const taken = new Map<string, number>();
  for (const id of o.steps) {
    const k = taken.get(id) ?? 0;
    c += (stepValues(state, id)[k] ?? 0) * 10 + (unitDef(id)!.type === "panzer" ? 3 : 0);
    taken.set(id, k + 1);
  }
  return c;
}

function choose(pending: Pending, state: MoscowState, side: Side): ChoiceAction {
  const options = pending.options;
  if (pending.kind === "losses") {
    // Least strength lost; then spare panzers and full units (the first of the cheapest).
    let best = options[0]!;
    let bestCost = lossCost(state, best);
    for (let i = 1; i < options.length; i++) {
      const c = lossCost(state, options[i]!);
      if (c < bestCost) {
        best = options[i]!;
        bestCost = c;
      }
    }
    return best;
  }
  if (pending.kind === "retreat") {
    // Push the defender as far from Moscow as the rules allow.
    const end = (o: ChoiceAction) => (o.type === "retreat" ? DIST_MOSCOW[indexOf(o.path[o.path.length - 1]!)]! : 0);
    return options.reduce((best, o) => (end(o) > end(best) ? o : best));
  }
  const battle = state.pendingBattles[pending.battleIndex]!;
  const into = battle.defenderHex ? indexOf(battle.defenderHex) : -1;
  const advancers = options.filter((o): o is ChoiceAction & { type: "advance"; unitId: string } => o.type === "advance" && o.unitId !== null);
  const decline = options.find((o) => o.type === "advance" && o.unitId === null)!;
  if (advancers.length === 0) return decline;
  if (side === "soviet" && !(CITY_AT.has(into) || into === MOSCOW)) return decline;
  if (side === "german" && DIST_MOSCOW[into]! <= 1) {
    // Moscow and its ring are held against counter-attacks: the strongest unit goes in.
    return advancers.reduce((b, o) => (currentStrength(state, o.unitId) > currentStrength(state, b.unitId) ? o : b));
  }
  const inf = advancers.find((o) => unitDef(o.unitId)!.type === "infantry");
  return inf ?? advancers[0]!;
}

function replacementAction(state: MoscowState, side: Side): MoscowAction {
  const c = replacementOptions(state, side);
  if (c.remaining <= 0) return END;
  const units = state.units;
  // The unit to restore first: the Moscow garrison (its score is below any other's), then
  // panzers, then nearest Moscow, then by name; the least of these keys, found in one pass.
  let first = -1;
  let firstScore = 0;
  let firstAt = -1;
  for (let j = 0; j < c.restorable.length; j++) {
    const k = c.restorable[j]!;
    const at = positionIndex(units[k]!);
    const score = (at === MOSCOW ? -100 : 0) + (UNIT_DEFS[k]!.type === "panzer" ? -20 : 0) + DIST_MOSCOW[at]!;
    if (first < 0 || score < firstScore || (score === firstScore && RANK_OF[k]! < RANK_OF[first]!)) {
      first = k;
      firstScore = score;
      firstAt = at;
    }
  }
  if (first >= 0 && firstAt === MOSCOW) return { type: "replacement", action: "restore", unitId: units[first]!.id };
  if (c.placeable.length > 0 && c.hexes.length > 0) {
    const unit = c.placeable.reduce((best, k) => (strongerFirst(k, best) < 0 ? k : best));
    // the first hex of the lowest score
    let best = -1;
    let bestScore = 0;
    for (let j = 0; j < c.hexes.length; j++) {
      const i = c.hexes[j]!;
      const score = (i === MOSCOW ? -100 : 0) + (side === "german" ? DIST_MOSCOW[i]! : Math.abs(DIST_MOSCOW[i]! - 1));
      if (best < 0 || score < bestScore) {
        best = i;
        bestScore = score;
      }
    }
    // The Soviet fills Moscow first; otherwise restore before placing far away.
    if (best === MOSCOW || first < 0 || side === "soviet") {
      const h = hexOf(best);
      return { type: "replacement", action: "place", unitId: units[unit]!.id, hex: [h[0], h[1]] };
    }
  }
  if (first >= 0) return { type: "replacement", action: "restore", unitId: units[first]!.id };
  return END;
}

/** The order units are brought back in: panzers, then the strongest, then by name. */
function strongerFirst(a: number, b: number): number {
  const da = UNIT_DEFS[a]!;
  const db = UNIT_DEFS[b]!;
  return (db.type === "panzer" ? 1 : 0) - (da.type === "panzer" ? 1 : 0) || db.full - da.full || RANK_OF[a]! - RANK_OF[b]!;
}

export function bot(state: MoscowState, seat: Seat, rng: Rng): MoscowAction {
  const side = seat as Side;
  if (sideToAct(state) !== side) return END;
  if (state.pending) return choose(state.pending, state, side);
  if (state.phase === "soviet_setup" || state.phase === "german_setup") return setupAction(side, rng);
  if (isReplacementPhase(state.phase)) return replacementAction(state, side);
  if (isMovementPhase(state.phase)) {
    const move = chooseMove(state, side, rng);
    return move ? { type: "move", unitId: move.unitId, to: move.to } : END;
  }
  if (isCombatPhase(state.phase)) {
    if (!state.battlesDeclared) return { type: "declare_battles", battles: side === "german" ? chooseGermanBattles(state) : chooseBattles(state, side) };
    const open = state.pendingBattles.findIndex((b) => !b.resolved);
    return open >= 0 ? { type: "resolve_battle", battleIndex: open } : END;
  }
  return END;
}
