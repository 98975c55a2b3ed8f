import { describe, expect, it } from "vitest";
import { legalInfo } from "../../../worker/engine/warshard";
import { play, setup } from "./helpers";

describe("§13 legalInfo: the phase-shaped answers", () => {
  it("§13 movement without a query lists every own unit; with unit= its reach", () => {
    const s = setup("boot_camp");
    expect(legalInfo(s, "germany")).toEqual({
      phase: "movement",
      turn: 1,
      units: [
        { unit: "1", hex: [3, 3], mobilityLeft: 12, stacked: false },
        { unit: "2", hex: [4, 3], mobilityLeft: 4, stacked: false },
      ],
    });
    const reach = legalInfo(s, "germany", { unit: "1" });
    expect(reach).toMatchObject({ unit: "1", mobilityLeft: 12 });
    expect((reach as { reachable: unknown[] }).reachable).toContainEqual({ hex: [4, 4], cost: 8, path: [[3, 4], [4, 4]], zoc: true });
    expect(legalInfo(s, "usa")).toEqual({ phase: "movement", turn: 1, toAct: ["germany"] });
  });

  it("§13 attack lists targets and the Fights with their odds as resolution would see them", () => {
    let s = setup("boot_camp");
    s = play(s, "germany", { type: "move", unit: "1", path: [[3, 4], [4, 4]] }).state;
    s = play(s, "germany", { type: "end_movement" }).state;
    expect(legalInfo(s, "germany")).toEqual({ phase: "attack", attacks: [{ unit: "1", targets: [[5, 4]] }], fights: [] });
    s = play(s, "germany", { type: "attack", unit: "1", target: [5, 4] }).state;
    expect((legalInfo(s, "germany") as { fights: unknown[] }).fights).toEqual([
      {
        hex: [5, 4],
        attackers: ["1"],
        attackSupport: [],
        defenders: ["3"],
        defenceSupport: [],
        attack: 6,
        defence: 4,
        baseColumn: "1-1",
        attackerOutOfSupply: false,
        defenderOutOfSupply: true,
        column: "2-1",
      },
    ]);
  });
});
