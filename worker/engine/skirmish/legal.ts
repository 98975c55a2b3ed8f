/**
 * `legal` (skirmish.md 16): every action the seat may send now as a concrete choice that
 * `apply` accepts, each test carrying its flattened pools and exact chance of success.
 */
import type { LegalChoice, LegalQuery, Seat } from "../ruleset";
import type { Hex } from "../hex";
import { activateChoices } from "./activate-choices";
import { hexName, zoneHexes } from "./board";
import type { SkirmishAction } from "./actions";
import { rallyCheck, reloadCheck } from "./activation";
import { closeCheck, mayShoot, rangeCheck } from "./attacks";
import { closeHitSpec } from "./closeCombat";
import { requirement } from "./compulsory";
import { unplaced } from "./deployment";
import { passChance, poolsOf, type Pool, type TestKind, type TestSpec } from "./dice";
import { disengageOpponent, disengageSpec } from "./disengage";
import { moraleSpec } from "./morale";
import { disengageReach, moveReach, type Reach } from "./movement";
import { rangeHitSpec } from "./rangeCombat";
import { sideModels, sideOfSeat, toActSide, type ModelState, type SkirmishState } from "./state";

export interface TestOdds {
  test: TestKind;
  active: Pool;
  passive: Pool;
  /** The exact chance the active side passes, rounded to 4 places. */
  chance: number;
}

export interface SkirmishChoice extends LegalChoice<SkirmishAction> {
  odds?: TestOdds;
}

export interface SkirmishLegal {
  choices: SkirmishChoice[];
  narrowedBy?: string[];
}

export function oddsOf(spec: TestSpec): TestOdds {
  const pools = poolsOf(spec);
  return {
    test: spec.test,
    ...pools,
    chance: passChance({ value: spec.active.value, pool: pools.active }, { value: spec.passive.value, pool: pools.passive }, spec.dr),
  };
}

const percent = (odds: TestOdds) => `${Math.round(odds.chance * 100)}%`;

/**
 * `detail: "actions"` leaves out the odds and the labels (the computer reads only the actions;
 * working out every test's chance was most of its time), and lists the same actions in the same order.
 */
export function legalChoices(state: SkirmishState, seat: Seat, query: LegalQuery = {}, detail: "full" | "actions" = "full"): SkirmishLegal {
  const side = sideOfSeat(seat);
  if (side === null || side !== toActSide(state)) return { choices: [] };
  let choices: SkirmishChoice[];
  if (state.phase === "deployment") choices = deploymentChoices(state, side, query.model);
  else if (!state.activation) choices = activateChoices(state, side);
  else choices = activationChoices(state, detail === "full");
  if (query.model !== undefined) {
    // an activation's choices belong to the active model (16: ?model=<the active model>)
    const narrowed = choices.filter((c) => ("model" in c.action ? c.action.model : state.activation?.model) === query.model);
    return { choices: narrowed, narrowedBy: ["model"] };
  }
  return { choices };
}

/**
 * decision: the list offers the unplaced models' placements; a placed model's moves (a second
 * `deploy`, which apply accepts) are listed only when the query names it, or 6 models x 48 hexes
 * of redeployments would drown end_deployment.
 */
function deploymentChoices(state: SkirmishState, side: 0 | 1, only: string | undefined): SkirmishChoice[] {
  const hexes = zoneHexes(state, side);
  const choices: SkirmishChoice[] = [];
  for (const m of sideModels(state, side)) {
    if (only === undefined ? m.hex !== null : m.id !== only) continue;
    for (const hex of hexes) choices.push({ action: { type: "deploy", model: m.id, hex }, label: `deploy ${m.id} at ${hexName(hex)}`, ...(m.hex ? { from: m.hex } : {}), to: hex });
  }
  if (unplaced(state, side).length === 0) choices.push({ action: { type: "end_deployment" }, label: "end the deployment" });
  return choices;
}

function moveChoice(m: ModelState, r: Reach): SkirmishChoice {
  return { action: { type: "move", path: r.path }, label: `${m.id} moves to ${hexName(r.hex)} (${r.cost} MU)`, from: m.hex!, to: r.hex };
}

function disengageChoice(state: SkirmishState, m: ModelState, r: Reach, withOdds: boolean): SkirmishChoice {
  if (!withOdds) return { action: { type: "disengage", path: r.path }, label: "", from: m.hex!, to: r.hex };
  const opponent = disengageOpponent(state, m);
  const odds = opponent ? oddsOf(disengageSpec(state, m, opponent)) : undefined;
  const how = odds ? `against ${opponent!.id}, ${percent(odds)}` : "automatic";
  return { action: { type: "disengage", path: r.path }, label: `${m.id} disengages to ${hexName(r.hex)} (${how})`, from: m.hex!, to: r.hex, ...(odds ? { odds } : {}) };
}

function rallyChoice(state: SkirmishState, m: ModelState, target: ModelState, withOdds: boolean): SkirmishChoice {
  if (!withOdds) return { action: { type: "rally", target: target.id }, label: "", from: m.hex!, to: target.hex! };
  const odds = oddsOf(moraleSpec(state, target, "rally"));
  return { action: { type: "rally", target: target.id }, label: `${m.id} rallies ${target.id === m.id ? "itself" : target.id} (${percent(odds)})`, from: m.hex!, to: target.hex!, odds };
}

function activationChoices(state: SkirmishState, withOdds: boolean): SkirmishChoice[] {
  const activation = state.activation!;
  const m = state.models.find((x) => x.id === activation.model)!;
  const choices: SkirmishChoice[] = [];
  if (!activation.pushed && m.delay === 0) choices.push({ action: { type: "push" }, label: `${m.id} pushes (+1 AP, 1 Delay token)`, from: m.hex! });
  const need = activation.compulsoryApLeft > 0 ? requirement(state, m) : null;
  if (need) {
    if (need.required === "move") choices.push(...need.reaches.map((r) => moveChoice(m, r)));
    if (need.required === "disengage") choices.push(...need.reaches.map((r) => disengageChoice(state, m, r, withOdds)));
    if (need.required === "rally") choices.push(rallyChoice(state, m, m, withOdds));
    return choices;
  }
  const opponent = disengageOpponent(state, m);
  if (activation.ap >= 1 || opponent === null) choices.push(...disengageReach(state, m).map((r) => disengageChoice(state, m, r, withOdds)));
  if (activation.ap >= 1) {
    choices.push(...moveReach(state, m).map((r) => moveChoice(m, r)));
    for (const e of state.models) {
      if (e.side === m.side) continue;
      const target = closeCheck(state, m, e.id);
      if ("ok" in target) continue;
      if (target.status === "ko") {
        choices.push({ action: { type: "close_attack", target: e.id }, label: `${m.id} finishes off ${e.id} (coup de grâce)`, from: m.hex!, to: e.hex! });
        continue;
      }
      if (!withOdds) {
        choices.push({ action: { type: "close_attack", target: e.id }, label: "", from: m.hex!, to: e.hex! });
        continue;
      }
      const odds = oddsOf(closeHitSpec(state, m, target));
      choices.push({ action: { type: "close_attack", target: e.id }, label: `${m.id} attacks ${e.id} with ${m.profile.melee} (${percent(odds)} to hit)`, from: m.hex!, to: e.hex!, odds });
    }
    for (const e of mayShoot(state, m) ? state.models : []) {
      if (e.side === m.side) continue;
      const checked = rangeCheck(state, m, e.id);
      if ("ok" in checked) continue;
      if (!withOdds) {
        choices.push({ action: { type: "range_attack", target: e.id }, label: "", from: m.hex!, to: e.hex! });
        continue;
      }
      const odds = oddsOf(rangeHitSpec(state, m, checked.target, checked.shot));
      choices.push({ action: { type: "range_attack", target: e.id }, label: `${m.id} shoots ${e.id} with ${m.profile.ranged} at ${checked.shot.distance} (${percent(odds)} to hit)`, from: m.hex!, to: e.hex!, odds });
    }
    if (reloadCheck(state, m) === null) choices.push({ action: { type: "reload" }, label: `${m.id} reloads its ${m.profile.ranged}`, from: m.hex! });
    for (const f of state.models) if (f.side === m.side && rallyCheck(state, m, f, f.id) === null) choices.push(rallyChoice(state, m, f, withOdds));
  }
  choices.push({ action: { type: "end_activation" }, label: `${m.id} ends its activation`, from: m.hex! });
  return choices;
}
