/**
 * Combat: declaring every battle of the phase at once, resolving them one by one (odds, one die,
 * the CRT) and the choices that follow a result, in order: losses, retreat, advance.
 */
import type { MoscowError } from "./errors";
import type { MoscowEvent } from "./events";
import { distance, isAdjacent, type Hex } from "../hex";
import type { Rng } from "../rng";
import { ruleError } from "../ruleset";
import { nextStepValue, occupancy, positionIndex, unitOn, unitState, withUnit } from "./board";
import { enterHex } from "./cities";
import { copyState } from "./copy";
import { crtFor, lookup } from "./crt";
import { enemyOf, hexLabel, hexOf, indexOf, NEIGHBOURS, sideName, UNIT_DEFS, unitDef, type Side } from "./data";
import { attackerLossOptions, eliminate, exchangeOptions, loseStep, survivingAttackers } from "./losses";
import { computeOdds } from "./odds";
import { retreatOptions } from "./retreat";
import type { Battle, ChoiceAction, CrtResult, MoscowState, Pending } from "./state";
import { zocOf } from "./zoc";

export type Step = { state: MoscowState; events: MoscowEvent[] };

export const isCombatPhase = (phase: string): boolean => phase === "german_combat" || phase === "soviet_combat";

const battleName = (b: { attackers: readonly string[]; defender: string }) => `${b.attackers.join(", ")} against ${b.defender}`;

export function applyDeclare(state: MoscowState, side: Side, battles: { attackers: string[]; defender: string }[]): Step | MoscowError {
  if (state.battlesDeclared) {
    return ruleError("invalid_battle", "Battles were already declared this phase: every battle is declared at once, only once per phase", {
      reason: "already declared",
    });
  }
  const usedAttackers = new Set<string>();
  const usedDefenders = new Set<string>();
  for (const [i, b] of battles.entries()) {
    const where = { battle: i };
    if (b.attackers.length === 0) return ruleError("invalid_battle", `Battle ${i} has no attackers`, { ...where, reason: "no attackers" });
    const d = unitDef(b.defender);
    if (!d) return ruleError("unknown_unit", `There is no unit "${b.defender}"`, { ...where, unitId: b.defender });
    const du = unitState(state, b.defender)!;
    if (d.side === side) return ruleError("invalid_battle", `${b.defender} is your own unit and cannot be attacked`, { ...where, unitId: b.defender, reason: "own unit" });
    if (!du.position) return ruleError("invalid_battle", `${b.defender} is not on the map`, { ...where, unitId: b.defender, reason: "not on the map" });
    if (usedDefenders.has(b.defender)) {
      return ruleError("invalid_battle", `${b.defender} is attacked twice: each defender may be attacked only once per phase`, {
        ...where,
        unitId: b.defender,
        reason: "defender attacked twice",
      });
    }
    usedDefenders.add(b.defender);
    for (const a of b.attackers) {
      const ad = unitDef(a);
      if (!ad) return ruleError("unknown_unit", `There is no unit "${a}"`, { ...where, unitId: a });
      const au = unitState(state, a)!;
      if (ad.side !== side) return ruleError("invalid_battle", `${a} is a ${sideName(ad.side)} unit and cannot attack for you`, { ...where, unitId: a, reason: "not your unit" });
      if (!au.position) return ruleError("invalid_battle", `${a} is not on the map`, { ...where, unitId: a, reason: "not on the map" });
      if (usedAttackers.has(a)) {
        const again = b.attackers.indexOf(a) !== b.attackers.lastIndexOf(a);
        return ruleError("invalid_battle", again ? `${a} is listed twice in battle ${i}` : `${a} appears in two battles: each unit attacks at most once per phase`, {
          ...where,
          unitId: a,
          reason: "attacks twice",
        });
      }
      usedAttackers.add(a);
      if (!isAdjacent(au.position, du.position)) {
        return ruleError("invalid_battle", `${a} at ${hexLabel(au.position)} is not adjacent to ${b.defender} at ${hexLabel(du.position)}`, {
          ...where,
          unitId: a,
          hex: hexLabel(au.position),
          defenderHex: hexLabel(du.position),
          reason: "not adjacent",
        });
      }
    }
  }
  const declared: Battle[] = battles.map((b) => ({ attackers: [...b.attackers], defender: b.defender, resolved: false }));
  const events: MoscowEvent[] = [
    {
      kind: "battles_declared",
      side,
      battles: declared.map((b) => {
        const o = computeOdds(state, b.attackers, b.defender);
        return { attackers: b.attackers, defender: b.defender, odds: o.odds, modifiedOdds: o.modifiedOdds };
      }),
    },
  ];
  const next = copyState(state);
  next.pendingBattles = declared;
  next.battlesDeclared = true;
  return { state: next, events };
}

const DECLARED_KEYS = ["attackers", "defender", "resolved"];

/** True when the battle's keys are exactly those applyDeclare gives it, in that order. */
function declaredShape(battle: Battle): boolean {
  let n = 0;
  for (const key in battle) if (key !== DECLARED_KEYS[n++]) return false;
  return n === DECLARED_KEYS.length;
}

/**
 * The battle marked resolved: `{...battle, resolved: true, result, dieRoll, defenderHex?}`. Built
 * as a literal when the battle has its declared shape (a spread that adds keys is slow in V8).
 */
function resolvedBattle(battle: Battle, result: CrtResult, dieRoll: number | null, defenderHex: [number, number] | undefined): Battle {
  if (!declaredShape(battle)) return { ...battle, resolved: true, result, dieRoll: dieRoll, ...(defenderHex ? { defenderHex: defenderHex } : {}) };
  const { attackers, defender } = battle;
  return defenderHex
    ? { attackers, defender, resolved: true, result, dieRoll: dieRoll, defenderHex: defenderHex }
    : { attackers, defender, resolved: true, result, dieRoll: dieRoll };
}

export function applyResolve(state: MoscowState, index: number, rng: Rng): Step | MoscowError {
  if (!state.battlesDeclared) {
    return ruleError("invalid_battle", "No battles have been declared this phase: send declare_battles first", { reason: "not declared" });
  }
  const battle = state.pendingBattles[index];
  if (!battle) {
    return ruleError("invalid_battle", `There is no battle ${index}: ${state.pendingBattles.length} battle(s) were declared`, {
      battleIndex: index,
      reason: "no such battle",
    });
  }
  if (battle.resolved) {
    return ruleError("invalid_battle", `Battle ${index} (${battleName(battle)}) is already resolved`, { battleIndex: index, reason: "already resolved" });
  }
  const defender = unitState(state, battle.defender)!;
  const side = unitDef(battle.attackers[0]!)!.side;
  const attackers = battle.attackers.filter((a) => {
    const u = unitState(state, a)!;
    return u.position && defender.position && isAdjacent(u.position, defender.position);
  });
  const odds = computeOdds(state, attackers, battle.defender);
  const defenderHex = defender.position ? ([defender.position[0], defender.position[1]] as [number, number]) : undefined;
  const dieRoll = odds.column >= 1 && defenderHex ? rng.d6() : null;
  const result = dieRoll === null ? "NE" : lookup(crtFor(state.options.rules), dieRoll, odds.column);
  const events: MoscowEvent[] = [
    {
      kind: "battle_resolved",
      battleIndex: index,
      side,
      attackers,
      defender: battle.defender,
      defenderHex: defenderHex ?? null,
      attack: odds.attack,
      defense: odds.defense,
      odds: odds.odds,
      terrainModifiers: odds.terrainModifiers,
      modifiedOdds: odds.modifiedOdds,
      dieRoll: dieRoll,
      result,
    },
  ];
  const battles = state.pendingBattles.slice();
  battles[index] = resolvedBattle(battle, result, dieRoll, defenderHex);
  let next = copyState(state);
  next.pendingBattles = battles;
  switch (result) {
    case "NE":
      break;
    case "AL":
      next = stageLosses(next, index, undefined, events);
      break;
    case "DR":
      next = stageRetreat(next, index, events);
      break;
    case "DRL":
      next = loseStep(next, battle.defender, "DRL", events);
      next = unitState(next, battle.defender)!.position ? stageRetreat(next, index, events) : stageAdvance(next, index, events);
      break;
    case "DE":
      next = eliminate(next, battle.defender, "DE", events);
      next = stageAdvance(next, index, events);
      break;
    case "EX": {
      const minLoss = nextStepValue(unitDef(battle.defender)!, defender.strength);
      next = loseStep(next, battle.defender, "EX", events);
      next = stageLosses(next, index, minLoss, events);
      break;
    }
  }
  return { state: next, events };
}

/**
 * decision: "resolve them all" is the attacker resolving every open battle in the declared order,
 * one resolve_battle after another (the same draws, in the same order), stopping where a choice is
 * owed (a retreat, losses, an advance): the battles after it wait for resolve_battle or another
 * resolve_all_battles. The rules let the attacker pick any order; this is one of them, chosen
 * before the first die. Saves a round trip a battle for a player who has no order in mind.
 */
export function applyResolveAll(state: MoscowState, rng: Rng): Step | MoscowError {
  if (!state.battlesDeclared) {
    return ruleError("invalid_battle", "No battles have been declared this phase: send declare_battles first", { reason: "not declared" });
  }
  if (!state.pendingBattles.some((b) => !b.resolved)) return ruleError("invalid_battle", "Every declared battle is already resolved", { reason: "already resolved" });
  let step: Step = { state, events: [] };
  for (let i = 0; i < step.state.pendingBattles.length && !step.state.pending; i++) {
    if (step.state.pendingBattles[i]!.resolved) continue;
    const next = applyResolve(step.state, i, rng);
    if ("ok" in next) return next;
    step = { state: next.state, events: [...step.events, ...next.events] };
  }
  return step;
}

function withPending(state: MoscowState, pending: Pending | null): MoscowState {
  const next = copyState(state);
  next.pending = pending;
  return next;
}

/** Attacker losses (AL when minLoss is undefined, EX otherwise). */
function stageLosses(state: MoscowState, index: number, minLoss: number | undefined, events: MoscowEvent[]): MoscowState {
  const battle = state.pendingBattles[index]!;
  const options = minLoss === undefined ? attackerLossOptions(state, battle.attackers) : exchangeOptions(state, battle.attackers, minLoss);
  if (options.length === 0) return afterLosses(state, index, events);
  if (options.length === 1) return applySteps(state, index, options[0]!.steps, events);
  return withPending(state, {
    kind: "losses",
    battleIndex: index,
    ...(minLoss === undefined ? {} : { minLoss: minLoss }),
    options,
  });
}

function applySteps(state: MoscowState, index: number, steps: readonly string[], events: MoscowEvent[]): MoscowState {
  const cause = state.pendingBattles[index]!.result === "AL" ? "AL" : "EX";
  let next = withPending(state, null);
  for (const id of steps) next = loseStep(next, id, cause, events);
  return afterLosses(next, index, events);
}

function afterLosses(state: MoscowState, index: number, events: MoscowEvent[]): MoscowState {
  const battle = state.pendingBattles[index]!;
  if (battle.result === "AL") return withPending(state, null);
  return unitState(state, battle.defender)!.position ? stageRetreat(state, index, events) : stageAdvance(state, index, events);
}

function stageRetreat(state: MoscowState, index: number, events: MoscowEvent[]): MoscowState {
  const battle = state.pendingBattles[index]!;
  const options = retreatOptions(state, battle.defender);
  if (options.length === 0) {
    events.push({ kind: "retreat_blocked", unitId: battle.defender, hex: unitState(state, battle.defender)!.position });
    return stageAdvance(eliminate(state, battle.defender, "no_retreat", events), index, events);
  }
  if (options.length === 1) return applyRetreatPath(state, index, options[0]!.path, events);
  return withPending(state, { kind: "retreat", battleIndex: index, unitId: battle.defender, options });
}

function applyRetreatPath(state: MoscowState, index: number, path: readonly Hex[], events: MoscowEvent[]): MoscowState {
  const battle = state.pendingBattles[index]!;
  const u = unitState(state, battle.defender)!;
  const end = path[path.length - 1]!;
  events.push({ kind: "retreated", unitId: battle.defender, side: unitDef(battle.defender)!.side, from: u.position, to: end, path });
  let next = withPending(withUnit(state, battle.defender, { position: [end[0], end[1]] }), null);
  next = enterHex(next, unitDef(battle.defender)!.side, indexOf(end), events);
  return stageAdvance(next, index, events);
}

function stageAdvance(state: MoscowState, index: number, _events: MoscowEvent[]): MoscowState {
  const battle = state.pendingBattles[index]!;
  const vacated = battle.defenderHex ? indexOf(battle.defenderHex) : -1;
  const survivors = survivingAttackers(state, battle.attackers);
  if (vacated < 0 || unitOn(state, vacated) !== -1 || survivors.length === 0) return withPending(state, null);
  const options: ChoiceAction[] = [...survivors.map((id) => ({ type: "advance" as const, unitId: id })), { type: "advance", unitId: null }];
  return withPending(state, { kind: "advance", battleIndex: index, options });
}

function listed(p: Pending): string {
  return p.options.map((o) => JSON.stringify(o)).join(" | ");
}

/** Applies the answer to `state.pending` (the caller checked the action's kind matches). */
export function applyChoice(state: MoscowState, action: ChoiceAction): Step | MoscowError {
  const pending = state.pending!;
  const index = pending.battleIndex;
  const battle = state.pendingBattles[index]!;
  const events: MoscowEvent[] = [];
  if (action.type === "choose_losses") {
    for (const id of action.steps) if (!unitDef(id)) return ruleError("unknown_unit", `There is no unit "${id}"`, { unitId: id });
    const match = pending.options.find((o) => o.type === "choose_losses" && sameMultiset(o.steps, action.steps));
    if (!match) {
      const need = pending.minLoss === undefined ? "one step from one attacker" : `steps worth at least ${pending.minLoss} (and none more than needed)`;
      return ruleError("invalid_choice", `Those losses are not allowed: battle ${index} needs ${need} from ${battle.attackers.join(", ")}`, {
        battleIndex: index,
        steps: action.steps,
        minLoss: pending.minLoss ?? null,
        options: pending.options,
        reason: listed(pending),
      });
    }
    return { state: applySteps(state, index, action.steps, events), events };
  }
  if (action.type === "retreat") {
    if (!unitDef(action.unitId)) return ruleError("unknown_unit", `There is no unit "${action.unitId}"`, { unitId: action.unitId });
    if (action.unitId !== pending.unitId) {
      return ruleError("invalid_choice", `It is ${pending.unitId} that retreats, not ${action.unitId}`, { unitId: action.unitId, reason: "wrong unit" });
    }
    const ok = pending.options.some((o) => o.type === "retreat" && samePathJson(o.path, action.path));
    if (!ok) {
      const reason = retreatPathProblem(state, action.unitId, action.path);
      return ruleError("invalid_choice", `${action.unitId} cannot retreat along ${action.path.map((h) => hexLabel(h)).join(" -> ") || "an empty path"}: ${reason}`, {
        unitId: action.unitId,
        path: action.path.map((h) => hexLabel(h)),
        reason,
      });
    }
    return { state: applyRetreatPath(state, index, action.path, events), events };
  }
  // advance
  if (action.unitId === null) {
    events.push({ kind: "advance_declined", battleIndex: index, side: unitDef(battle.attackers[0]!)!.side });
    return { state: withPending(state, null), events };
  }
  if (!unitDef(action.unitId)) return ruleError("unknown_unit", `There is no unit "${action.unitId}"`, { unitId: action.unitId });
  if (!pending.options.some((o) => o.type === "advance" && o.unitId === action.unitId)) {
    return ruleError("invalid_choice", `${action.unitId} cannot advance: only a surviving attacker of battle ${index} may (${battle.attackers.join(", ")})`, {
      unitId: action.unitId,
      reason: "not a surviving attacker",
    });
  }
  const to = battle.defenderHex!;
  const u = unitState(state, action.unitId)!;
  const side = unitDef(action.unitId)!.side;
  events.push({ kind: "advanced", unitId: action.unitId, side, from: u.position, to });
  let next = withPending(withUnit(state, action.unitId, { position: [to[0], to[1]] }), null);
  next = enterHex(next, side, indexOf(to), events);
  return { state: next, events };
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

function samePathJson(a: readonly Hex[], b: readonly Hex[]): boolean {
  return a.length === b.length && a.every((h, i) => h[0] === b[i]![0] && h[1] === b[i]![1]);
}

/** A player-readable reason why a retreat path is not one of the legal ones. */
function retreatPathProblem(state: MoscowState, unitId: string, path: readonly Hex[]): string {
  const u = unitState(state, unitId)!;
  const side = unitDef(unitId)!.side;
  const start = positionIndex(u);
  const occ = occupancy(state);
  const enemyZoc = zocOf(state, enemyOf(side));
  if (path.length < 2) return "a retreat is 2 hexes long";
  let prev = start;
  for (const [k, h] of path.entries()) {
    const i = indexOf(h);
    if (i < 0) return `${hexLabel(h)} is off the map`;
    if (!NEIGHBOURS[prev]!.includes(i)) return `${hexLabel(h)} is not next to ${hexLabel(prev)}`;
    if (distance(h, hexOf(start)) !== k + 1) {
      return `step ${k + 1} (${hexLabel(h)}) must be ${k + 1} hexes from ${hexLabel(start)} (no doubling back)`;
    }
    const o = occ[i]!;
    if (o >= 0 && UNIT_DEFS[o]!.side !== side) return `${hexLabel(h)} holds the ${sideName(UNIT_DEFS[o]!.side)} ${UNIT_DEFS[o]!.id}`;
    if (enemyZoc[i]) return `${hexLabel(h)} is in the ${sideName(enemyOf(side))} ZOC`;
    if (k + 1 >= 2 && k < path.length - 1 && o < 0) return `the retreat ends at the first empty hex from the second on (${hexLabel(h)})`;
    prev = i;
  }
  const last = occ[prev]!;
  if (last >= 0) return `it would end on ${UNIT_DEFS[last]!.id} at ${hexLabel(prev)}: the retreat extends to the first empty hex`;
  return "that is not a legal retreat path";
}
