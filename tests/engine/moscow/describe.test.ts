import { describe, expect, it } from "vitest";
import { moscow, type MoscowEvent, type MoscowState } from "../../../worker/engine/moscow";
import { botPlay, playOut, seededRngs, setupOrThrow } from "../../../worker/engine/bot-play";
import { isRuleError } from "../../../worker/engine/ruleset";
import { h } from "./helpers";

describe("§Describe: one English line per event, hexes by printed id", () => {
  it.each([
    [{ kind: "moved", unitId: "XLVII", side: "german", from: h("0504"), to: h("0706"), path: [h("0605"), h("0706")] }, "XLVII moved 0504 -> 0706 via 0605"],
    [{ kind: "moved", unitId: "XLVII", side: "german", from: h("0504"), to: h("0505"), path: [h("0505")] }, "XLVII moved 0504 -> 0505"],
    [{ kind: "moved", unitId: "5", side: "soviet", from: h("1401"), to: h("1103"), path: [h("1302"), h("1201"), h("1102"), h("1103")], rail: true }, "5 moved by rail 1401 -> 1103 Moscow via 1302, 1201, 1102"],
    [{ kind: "setup_done", side: "soviet", placements: new Array(13).fill({}), pool: ["1S", "10", "32", "49"] }, "Soviet set up 13 units; in the pool: 1S, 10, 32, 49"],
    [{ kind: "phase_started", turn: 3, phase: "german_combat", mud: true }, "Turn 3 (mud): German combat phase"],
    [{ kind: "phase_started", turn: 1, phase: "german_setup", mud: false }, "Before turn 1: German setup"],
    [{ kind: "phase_skipped", turn: 1, phase: "german_replacement", reason: "no German replacements on turn 1" }, "Turn 1: German replacement phase skipped (no German replacements on turn 1)"],
    [{ kind: "city_captured", city: "Vyazma", hex: h("0603"), side: "german", previous: "soviet" }, "Vyazma (0603 Vyazma) is now German-controlled"],
    [{ kind: "battles_declared", side: "german", battles: [{ attackers: ["XL", "VII"], defender: "5", odds: "3:1", modifiedOdds: "2:1" }] }, "German declares 1 battle: battle 1, XL+VII vs 5 at 2:1"],
    [{ kind: "battles_declared", side: "soviet", battles: [] }, "Soviet declares no attacks"],
    // a turn stored before the kind was made snake_case reads as before
    [{ kind: "battlesDeclared", side: "soviet", battles: [] } as unknown as MoscowEvent, "Soviet declares no attacks"],
    [
      { kind: "battle_resolved", battleIndex: 1, side: "german", attackers: ["XL"], defender: "5", defenderHex: h("1207"), attack: 2, defense: 4, odds: "<1:1", terrainModifiers: [], modifiedOdds: "<1:1", dieRoll: null, result: "NE" },
      "Battle 2: XL (2) attack 5 (4) at 1207, <1:1, no die rolled: NE (no effect)",
    ],
    [{ kind: "step_lost", unitId: "VII", side: "german", hex: h("1108"), from: "full", to: "half", value: 3, cause: "EX" }, "VII loses a step at 1108 and is now at half strength (EX)"],
    [{ kind: "step_lost", unitId: "VII", side: "german", hex: h("1108"), from: "half", to: "eliminated", value: 4, cause: "AL" }, "VII is eliminated (AL)"],
    [{ kind: "eliminated", unitId: "5", side: "soviet", hex: h("1207"), from: "half", cause: "DE" }, "5 is eliminated at 1207 (DE)"],
    [{ kind: "eliminated", unitId: "5", side: "soviet", hex: h("1207"), from: "half", cause: "no_retreat" }, "5 is eliminated: it has no retreat from 1207"],
    [{ kind: "retreat_blocked", unitId: "5", hex: h("1207") }, "5 cannot retreat from 1207"],
    [{ kind: "retreated", unitId: "5", side: "soviet", from: h("1207"), to: h("1407"), path: [h("1307"), h("1407")] }, "5 retreats 1207 -> 1307 -> 1407"],
    [{ kind: "advanced", unitId: "XL", side: "german", from: h("1107"), to: h("1207") }, "XL advances 1107 Tula -> 1207"],
    [{ kind: "advance_declined", battleIndex: 0, side: "german" }, "No advance after battle 1"],
    [{ kind: "replacement", side: "soviet", action: "restore", unitId: "5", hex: h("1103") }, "Soviet replacement: 5 restored to full strength at 1103 Moscow"],
    [{ kind: "replacement", side: "german", action: "place", unitId: "XL", hex: h("0105") }, "German replacement: XL returns at half strength at 0105"],
    [{ kind: "game_over", turn: 7, winners: ["german"], reason: "moscow", moscow: "german" }, "Game over after turn 7: the German player holds Moscow and wins"],
  ] as [MoscowEvent, string][])("§Describe: %o", (event, line) => {
    expect(moscow.describe(event)).toBe(line);
  });

  it("§Describe: every event of a few bot games gets a real line (no raw kinds, no undefined)", () => {
    const kinds = new Set<string>();
    for (const [scenario, seed] of [["standard", "d1"], ["quickstart", "d2"], ["standard", "d3"]] as const) {
      const start = setupOrThrow<MoscowState>(moscow, scenario, {}, seed);
      playOut(botPlay(moscow, start, seededRngs(seed), { maxActions: 5000 }), (step) => {
        for (const e of step.events as MoscowEvent[]) {
          kinds.add(e.kind);
          const line = moscow.describe(e);
          expect(line).not.toBe(e.kind);
          expect(line).not.toMatch(/undefined|\[object|NaN|\?/);
        }
      });
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["battle_resolved", "battles_declared", "game_over", "moved", "phase_started", "replacement", "setup_done"]));
  });
});
