import { describe, expect, it } from "vitest";
import { musket, type MusketEvent } from "../../../worker/engine/musket";
import { percentRoll } from "../../../worker/engine/musket/percent-roll";

const lines: [MusketEvent, RegExp][] = [
  [{ kind: "activated", unit: "b-light", side: 0, inCommand: false, chance: 0.35, u: 0.31, passed: true }, /Blue activates b-light, out of command: rolled 31 on d100, needing under 35, passed/],
  [{ kind: "activated", unit: "b-line", side: 0, inCommand: true, chance: 1, u: null, passed: true }, /in command/],
  [{ kind: "terrain_check", unit: "b-art", hex: [2, 4], u: 0.2, passed: false }, /hilltop at 0306: rolled 20 on d100, needing 50 or more, failed/],
  [{ kind: "moved", unit: "r-drag", from: [1, 2], to: [3, 1], cost: 2, usesRoad: true, moved: true }, /r-drag moves 0203 -> 0403 \(2 MP, by road\)/],
  [{ kind: "fired", unit: "b-art", target: "r-line-1", from: [3, 7], at: [4, 5], distance: 2, base: 0.5, cover: 0, longRange: 0, chance: 0.5, u1: 0.31, hit: true, u2: 0.5, damage: 1 }, /b-art fires at r-line-1 2 hexes away: rolled 31 on d100, needing under 50 to hit, hit, 1 SP/],
  [{ kind: "fired", unit: "b-art", target: "r-line-1", from: [3, 7], at: [3, 4], distance: 3, base: 0.5, cover: -0.15, longRange: -0.15, chance: 0.2, u1: 0.8, hit: false, u2: null, damage: 0 }, /rolled 80 on d100, needing under 20 to hit, miss/],
  [
    { kind: "charged", unit: "b-horse", target: "r-light", origin: [0, 1], at: [0, 2], difficult: false, chance: 0.5833333333333334, uA: 0.9, dA: 6, uD: 0.1, dD: 1, attackerScore: 11, defenderScore: 5, delta: 6, outcome: "defender_retreats", defenderDamage: 2, attackerDamage: 0, defenderTo: [0, 3], attackerTo: [0, 1] },
    /b-horse charges r-light at 0103 \(58% to beat the defence\): 6 \+ 5 = 11 against 1 \+ 4 = 5, the defender retreats; r-light loses 2 SP and falls back to 0104$/,
  ],
  [{ kind: "leader_casualty", leader: "b-L1", host: "b-line-1", u: 0.1, killed: true, successor: { id: "b-L1-r1", unit: "b-line-2", radius: 1 } }, /b-L1 .* falls: rolled 10 on d100, needing under 15 to fall; b-L1-r1 takes over with b-line-2 \(radius 1\)/],
  [{ kind: "morale", unit: "r-art", chance: 0.6, u: 0.7, passed: false, extraHit: true, retreatTo: [3, -2] }, /r-art wavers: rolled 70 on d100, needing under 60, loses 1 SP and retreats to/],
  [{ kind: "eliminated", unit: "r-art", side: 1, hex: [3, -1], leaders: [] }, /Red r-art is eliminated/],
  [{ kind: "exited", unit: "r-drag", side: 1, from: [7, -1], edge: "east", sp: 3, leaders: ["r-L3"] }, /Red r-drag leaves the map by the east edge with 3 SP, with leader r-L3/],
  [{ kind: "activation_ended", unit: "b-line", reason: "command_failed" }, /fails its command check/],
  [{ kind: "victory_check", turn: 4, satisfied: { blue: ["b-town"], red: [] }, holdStreaks: { "b-town": 1 } }, /End of turn 4: Blue has met b-town; Red has met nothing/],
  [{ kind: "game_over", turn: 12, result: "win", winners: ["red"], reason: "turn_limit_winner", sp: { blue: 14, red: 9 } }, /Red wins \(the scenario's winner when the last turn ends\); strength Blue 14, Red 9$/],
];

describe("§11 the draws read as d100 rolls", () => {
  it("§11 a whole-percent check shows the d100 roll (00-99) against the chance: under passes", () => {
    expect(percentRoll(0.31, 0.5)).toEqual({ roll: "31", chance: "50" });
    expect(percentRoll(0.5, 0.5)).toEqual({ roll: "50", chance: "50" });
    expect(percentRoll(0.499, 0.5)).toEqual({ roll: "49", chance: "50" });
  });
  it("§9.3 a fractional morale chance gets the decimals that make the roll agree with the result", () => {
    // 2/3: u = 0.6660 passes (under 0.6667), u = 0.6668 fails; both read "66" at no decimals
    const pass = percentRoll(0.666, 2 / 3);
    expect(Number(pass.roll)).toBeLessThan(Number(pass.chance));
    const fail = percentRoll(0.6668, 2 / 3);
    expect(Number(fail.roll)).toBeGreaterThanOrEqual(Number(fail.chance));
    expect(pass.roll).toMatch(/^66\.\d+$/);
  });
  it("§11 every draw of a check reads consistently with its result", () => {
    for (let i = 0; i < 2000; i++) {
      const u = (i * 7919) % 2000 / 2000;
      const chance = ((i * 104729) % 997) / 997;
      const r = percentRoll(u, chance);
      expect(Number(r.roll) < Number(r.chance), `${u} against ${chance}: ${r.roll} vs ${r.chance}`).toBe(u < chance);
    }
  });
});

describe("§15 describe", () => {
  it.each(lines)("§15 %j", (event, line) => {
    expect(musket.describe(event)).toMatch(line);
  });
});
