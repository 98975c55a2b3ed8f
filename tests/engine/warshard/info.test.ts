import { describe, expect, it } from "vitest";
import { fightsInfo, warshard } from "../../../worker/engine/warshard";
import { play, setup } from "./helpers";

describe("§13 the page's answers", () => {
  it("§13 movement with unit= lists that unit's reach; a seat not to act gets nothing", () => {
    const s = setup("boot_camp");
    const reach = warshard.legal(s, "germany", { unit: "1" });
    expect(reach.narrowedBy).toEqual(["unit"]);
    expect(reach.choices).toContainEqual(expect.objectContaining({ action: { type: "move", unit: "1", path: [[3, 4], [4, 4]] }, to: [4, 4] }));
    expect(warshard.legal(s, "usa").choices).toEqual([]);
  });

  it("§13 fightsInfo: the Fights with their odds as resolution would see them", () => {
    let s = setup("boot_camp");
    s = play(s, "germany", { type: "move", unit: "1", path: [[3, 4], [4, 4]] }).state;
    s = play(s, "germany", { type: "end_movement" }).state;
    expect(fightsInfo(s)).toEqual([]);
    expect(warshard.legal(s, "germany").choices.map((c) => c.action)).toContainEqual({ type: "attack", unit: "1", target: [5, 4] });
    s = play(s, "germany", { type: "attack", unit: "1", target: [5, 4] }).state;
    expect(fightsInfo(s)).toEqual([
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
