/**
 * Combat resolution (8.5): step 1 rolls every Fight in creation order, step 2 carries out
 * the retreats one at a time (asking the enemy of the retreating unit when it has a choice),
 * step 3 removes every eliminated unit at once into the shattered lists.
 */
import type { Rng } from "../rng";
import { canonicalIndex, cell, otherSide, unitById } from "./board";
import { crtResult, UNIT_DEFS, type CrtResult } from "./data";
import type { WarshardEvent } from "./events";
import { fightOdds, supplyOf } from "./odds";
import { retreatOptions } from "./retreat";
import type { Doomed, Fight, Resolution, RetreatTask, Unit, WarshardState } from "./state";

const unitOf = (state: WarshardState, id: string): Unit => unitById(state, id)!;

/** The attacker's EX loss: its involved unit of lowest Power, a draw among ties (canonical order). */
function exLoss(state: WarshardState, fight: Fight, events: WarshardEvent[], rng: Rng): string | null {
  const involved = [...fight.attackers, ...fight.attackSupport]
    .map((id) => unitOf(state, id))
    .filter((u) => u.status === "map")
    .sort((a, b) => canonicalIndex(state, a.id) - canonicalIndex(state, b.id));
  if (involved.length === 0) return null;
  const lowest = Math.min(...involved.map((u) => UNIT_DEFS[u.type].power));
  const tied = involved.filter((u) => UNIT_DEFS[u.type].power === lowest).map((u) => u.id);
  const k = tied.length > 1 ? tied.length : null;
  const pick = k === null ? null : rng.int(k);
  const unit = tied[pick ?? 0]!;
  events.push({ kind: "ex_loss", fight: cell(fight.hex), tied, k, pick, unit });
  return unit;
}

/** Step 1: one die per Fight that has combat, and what each result asks of steps 2 and 3. */
export function rollFights(state: WarshardState, events: WarshardEvent[], rng: Rng): Resolution {
  const retreats: RetreatTask[] = [];
  // most player-turns declare no Fight: supply is traced only for those that do
  if (state.fights.length === 0) return { retreats, doomed: [] };
  const supply = supplyOf(state);
  const doomed: Doomed[] = [];
  state.fights.forEach((fight, index) => {
    const odds = fightOdds(state, fight, supply);
    // 8.2: a Fight with no attacker left has no effect (it cannot arise: attackers leave only in step 3)
    const column = fight.attackers.length === 0 ? "none" : odds.column;
    let die: number | null = null;
    let result: CrtResult | "none" | "auto";
    if (column === "none" || column === "auto") result = column;
    else {
      die = rng.d6();
      result = crtResult(column, die);
    }
    events.push({ kind: "fight_resolved", fight: cell(fight.hex), ...odds, column, die, result });
    const doom = (ids: readonly string[], group: Doomed["group"], cause: Doomed["cause"]) => ids.forEach((unit) => doomed.push({ unit, fight: index, group, cause }));
    switch (result) {
      case "auto":
        doom(odds.defenders, 0, "undefended");
        break;
      case "dr":
        odds.defenders.forEach((unit) => retreats.push({ unit, fight: index }));
        break;
      case "ar":
        fight.attackers.forEach((unit) => retreats.push({ unit, fight: index }));
        break;
      case "EX": {
        doom(odds.defenders, 0, "EX");
        const lost = exLoss(state, fight, events, rng);
        if (lost !== null) doom([lost], 2, "EX");
        break;
      }
      case "DE":
        doom(odds.defenders, 0, "DE");
        doom(fight.defenceSupport, 1, "DE");
        break;
      case "AE":
        doom([...fight.attackers, ...fight.attackSupport], 2, "AE");
        break;
    }
  });
  return { retreats, doomed };
}

/** Moves a retreating unit and reports it. */
export function retreatTo(unit: Unit, to: readonly [number, number], chosenBy: string, events: WarshardEvent[]): void {
  const from = unit.hex!;
  unit.hex = cell(to);
  events.push({ kind: "retreated", unit: unit.id, side: unit.side, from: cell(from), to: cell(to), chosenBy });
}

/** Step 2: carries out retreats until one needs a choice (false) or none is left (true). */
export function runRetreats(state: WarshardState, events: WarshardEvent[]): boolean {
  const resolution = state.resolution!;
  while (resolution.retreats.length > 0) {
    const task = resolution.retreats[0]!;
    const unit = unitOf(state, task.unit);
    const fight = state.fights[task.fight]!;
    const options = unit.status === "map" ? retreatOptions(state, unit) : [];
    if (unit.status !== "map") {
      resolution.retreats.shift();
      continue;
    }
    if (options.length === 0) {
      events.push({ kind: "retreat_blocked", unit: unit.id, side: unit.side, hex: cell(unit.hex!) });
      resolution.doomed.push({ unit: unit.id, fight: task.fight, group: unit.side === state.activeSide ? 2 : 0, cause: "no_retreat" });
    } else if (options.length === 1) {
      retreatTo(unit, options[0]!, "engine", events);
    } else {
      state.pending = { kind: "retreat", unit: unit.id, side: otherSide(state, unit.side), fight: cell(fight.hex), options };
      return false;
    }
    resolution.retreats.shift();
  }
  return true;
}

/** Step 3: every eliminated unit leaves the map at once, into its side's shattered list. */
export function removeEliminated(state: WarshardState, events: WarshardEvent[]): void {
  const doomed = [...state.resolution!.doomed].sort(
    (a, b) => a.fight - b.fight || a.group - b.group || canonicalIndex(state, a.unit) - canonicalIndex(state, b.unit),
  );
  for (const d of doomed) {
    const unit = unitOf(state, d.unit);
    if (unit.status !== "map") continue;
    const hex = unit.hex!;
    shatter(state, unit);
    events.push({ kind: "eliminated", unit: unit.id, side: unit.side, hex: cell(hex), cause: d.cause });
  }
}

/** A destroyed unit leaves the map and joins the back of its side's shattered list (9.3). */
export function shatter(state: WarshardState, unit: Unit): void {
  unit.hex = null;
  unit.status = "shattered";
  unit.mobilityLeft = 0;
  unit.allocated = false;
  state.shattered[unit.side]!.push(unit.id);
}
