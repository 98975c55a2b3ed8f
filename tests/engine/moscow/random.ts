/** A random (but legal) player and random (mostly illegal) actions, for property tests. */
import type { Hex } from "../../../worker/engine/hex";
import type { Rng } from "../../../worker/engine/rng";
import { moscow, type MoscowAction, type MoscowState } from "../../../worker/engine/moscow";
import { UNIT_DEFS } from "../../../worker/engine/moscow/data";

const pick = <T>(xs: readonly T[], rng: Rng): T => xs[rng.int(xs.length)]!;

/** A legal action chosen at random from legal() (the bot for setups and sometimes elsewhere). */
export function randomLegal(state: MoscowState, rng: Rng): MoscowAction {
  const seat = moscow.toAct(state)[0]!;
  if (state.phase.endsWith("_setup") || rng.float() < 0.3) return moscow.bot(state, seat, rng);
  if (state.pending) return pick(state.pending.options, rng);
  const end: MoscowAction = { type: "end_phase" };
  if (rng.float() < 0.08 && state.pending_battles.every((b) => b.resolved)) return end;
  if (state.phase.includes("movement")) {
    const mine = state.units.filter((u) => u.position && !state.moved_this_phase.includes(u.id) && UNIT_DEFS.find((d) => d.id === u.id)!.side === seat);
    for (let tries = 0; tries < 4 && mine.length > 0; tries++) {
      const u = pick(mine, rng);
      const { valid_hexes } = moscow.legal(state, seat, { unit_id: u.id }) as { valid_hexes: Hex[] };
      if (valid_hexes.length === 0) continue;
      const to = pick(valid_hexes, rng);
      return { type: "move", unit_id: u.id, to: [to[0], to[1]] };
    }
    return end;
  }
  const l = moscow.legal(state, seat) as Record<string, unknown>;
  if ("possible_attacks" in l) {
    const attacks = l.possible_attacks as { defender: string; possible_attackers: string[] }[];
    const used = new Set<string>();
    const battles = [];
    for (const a of attacks) {
      if (rng.float() < 0.4) continue;
      const attackers = a.possible_attackers.filter((x) => !used.has(x) && rng.float() < 0.7);
      if (attackers.length === 0) continue;
      attackers.forEach((x) => used.add(x));
      battles.push({ attackers, defender: a.defender });
    }
    return { type: "declare_battles", battles };
  }
  if ("unresolved" in l) {
    const open = l.unresolved as number[];
    return open.length ? { type: "resolve_battle", battle_index: pick(open, rng) } : end;
  }
  if ("remaining" in l) {
    const c = l as { remaining: number; restorable_units: string[]; placeable_units: string[]; valid_placement_hexes: Hex[] };
    if (c.remaining === 0) return end;
    if (c.restorable_units.length && rng.float() < 0.5) return { type: "replacement", action: "restore", unit_id: pick(c.restorable_units, rng) };
    if (c.placeable_units.length && c.valid_placement_hexes.length) {
      const hex = pick(c.valid_placement_hexes, rng);
      return { type: "replacement", action: "place", unit_id: pick(c.placeable_units, rng), hex: [hex[0], hex[1]] };
    }
    return end;
  }
  return end;
}

const ids = [...UNIT_DEFS.map((u) => u.id), "99", "", "XC"];
const randomHex = (rng: Rng): [number, number] => [rng.int(18) - 2, rng.int(18) - 9];

/** Any action at all: well-formed or not, legal or (mostly) not. */
export function randomAction(state: MoscowState, rng: Rng): unknown {
  const unit = () => pick(ids, rng);
  switch (rng.int(12)) {
    case 0:
      return { type: "move", unit_id: unit(), to: randomHex(rng) };
    case 1:
      return { type: "declare_battles", battles: [{ attackers: [unit(), unit()].slice(0, 1 + rng.int(2)), defender: unit() }] };
    case 2:
      return { type: "resolve_battle", battle_index: rng.int(4) };
    case 3:
      return { type: "choose_losses", steps: [unit()] };
    case 4:
      return { type: "retreat", unit_id: unit(), path: [randomHex(rng), randomHex(rng)] };
    case 5:
      return { type: "advance", unit_id: rng.float() < 0.3 ? null : unit() };
    case 6:
      return rng.float() < 0.5
        ? { type: "replacement", action: "restore", unit_id: unit() }
        : { type: "replacement", action: "place", unit_id: unit(), hex: randomHex(rng) };
    case 7:
      return { type: "setup", placements: [{ unit_id: unit(), hex: randomHex(rng) }] };
    case 8:
      return { type: "end_phase" };
    case 9:
      return pick([null, 7, "move", [], {}, { type: "move" }, { type: "move", unit_id: ["XL"], to: [0, 0] }, { type: "advance" }], rng);
    case 10:
      return state.pending ? pick(state.pending.options, rng) : randomLegal(state, rng);
    default:
      return moscow.bot(state, pick(["german", "soviet"], rng), rng);
  }
}
