/**
 * Battle for Moscow's page, an owed advance ("Combat: advance after combat" in moscow.md): with
 * several attackers able to advance, a tap on the emptied hex says who may go instead of nothing.
 */
import { describe, expect, it } from "vitest";
import { moscow } from "../../worker/engine/moscow";
import { rngFromSeed } from "../../worker/engine/rng";
import type { MoscowState } from "../../worker/engine/moscow/state";
import { boardPlay } from "../../web/rulesets/moscow/choices";
import { cell } from "../../web/rulesets/moscow/cells";
import type { MoscowPlay } from "../../web/rulesets/moscow/play";

describe("the page's board during an owed advance (Combat: advance after combat)", () => {
  it("a tap on the emptied hex that two attackers could take names them; one attacker alone is selected for the viewer", () => {
    const start = moscow.setup("quickstart", moscow.parseOptions({}) as never, rngFromSeed("advance-tap")) as MoscowState;
    // two German corps (Roman numerals; the Soviet armies are numbered)
    const [a, b] = start.units.filter((u) => u.position && /^[IVXL]+$/.test(u.id));
    if (!a?.position || !b?.position) throw new Error("no German units placed");
    const emptied: [number, number] = [a.position[0], a.position[1] + 1];
    const local: MoscowState = {
      ...start,
      pendingBattles: [{ attackers: [a.id, b.id], defender: "gone", resolved: true, result: "DE", defenderHex: emptied }],
      pending: {
        kind: "advance",
        battleIndex: 0,
        options: [
          { type: "advance", unitId: a.id },
          { type: "advance", unitId: b.id },
          { type: "advance", unitId: null },
        ],
      },
    };
    const play = { me: "german", local, sel: null, setSel: () => {}, isSetup: false, clearSel: () => {} } as unknown as MoscowPlay;
    const board = boardPlay(play);
    expect((board.choices ?? []).map((c) => [c.from, c.to])).toEqual([
      [cell(a.position), cell(emptied)],
      [cell(b.position), cell(emptied)],
    ]);
    expect(board.selected).toBeNull();
    const said = board.other?.(cell(emptied));
    expect(said).toBe(`2 units can advance into ${cell(emptied)} (${a.id}, ${b.id}): tap the one that goes, then ${cell(emptied)}, or choose in the panel.`);

    const alone = boardPlay({ ...play, local: { ...local, pending: { ...local.pending!, options: [{ type: "advance", unitId: a.id }, { type: "advance", unitId: null }] } } } as MoscowPlay);
    expect(alone.selected).toBe(cell(a.position));
    expect(alone.other?.(cell(emptied))).toBeNull();
  });
});
