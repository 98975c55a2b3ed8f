import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { atLeastCascades, fractionText, poolSize, rollTest, successCounts, testOdds, type Pool } from "../../../worker/engine/skirmish/dice";
import { percent, PROBABILITIES_PATH, probabilityTable } from "../../../scripts/skirmish-probabilities";
import { ScriptedDice } from "./dice-helpers";

const pool = (b: number, m = 0, w = 0): Pool => ({ b, m, w });

/** Every face combination rolled through the real test, counted: the slow, obvious way. */
function bruteForce(active: Pool, passive: Pool, activeValue: number, passiveValue: number, dr: number) {
  const n = poolSize(active) + poolSize(passive);
  let passes = 0;
  const cascades = new Map<number, number>();
  const faces = new Array<number>(n).fill(1);
  for (;;) {
    const spec = {
      test: "hit_close" as const,
      dr,
      active: { model: "a", attr: "CCA", value: activeValue },
      passive: { model: "p", attr: "CCA", value: passiveValue },
      modifiers: [
        ...(["b", "m", "w"] as const).flatMap((k) => (active[k] - (k === "b" ? 2 : 0) > 0 ? [{ name: "x", side: "active" as const, dice: `+${active[k] - (k === "b" ? 2 : 0)}${k}` }] : [])),
        ...(["b", "m", "w"] as const).flatMap((k) => (passive[k] - (k === "b" ? 2 : 0) > 0 ? [{ name: "x", side: "passive" as const, dice: `+${passive[k] - (k === "b" ? 2 : 0)}${k}` }] : [])),
      ],
    };
    const dice = new ScriptedDice(faces);
    const record = rollTest(spec, dice);
    if (!dice.spent) throw new Error("the pools were flattened: pick unflattenable pairs");
    if (record.pass) {
      passes++;
      cascades.set(record.cascades, (cascades.get(record.cascades) ?? 0) + 1);
    }
    let i = n - 1;
    while (i >= 0 && faces[i] === 6) faces[i--] = 1;
    if (i < 0) break;
    faces[i]!++;
  }
  return { passes, total: 6 ** n, cascades };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const reduced = (num: number, den: number) => `${num / gcd(num, den)}/${den / gcd(num, den)}`;

describe("§4 exact chances by enumeration", () => {
  it("§4.1 success counts of one die of each kind out of 6", () => {
    expect(successCounts(pool(1)).counts).toEqual([3n, 2n, 1n]);
    expect(successCounts(pool(0, 1)).counts).toEqual([3n, 3n]);
    expect(successCounts(pool(0, 0, 1)).counts).toEqual([3n, 2n, 0n, 1n]);
    expect(successCounts(pool(2, 1, 1)).total).toBe(6n ** 4n);
  });

  // at most 6 dice (46,656 face combinations) so the brute force stays quick on a shared machine
  const grid: [Pool, Pool, number, number, number][] = [
    [pool(2), pool(2), 2, 2, 0],
    [pool(2, 1), pool(2), 2, 2, 0],
    [pool(2), pool(2, 1), 3, 2, 0],
    [pool(3, 0, 1), pool(2), 2, 3, 0],
    [pool(2, 1), pool(2, 0, 1), 2, 2, 1],
    [pool(2, 1, 1), pool(2), 5, 3, 0],
    [pool(2), pool(3, 1), 1, 3, 1],
    [pool(4), pool(2), 2, 2, 3],
  ];
  it.each(grid)("§4.3 %o vs %o (attributes %i vs %i, DR %i) matches the brute force", (active, passive, av, pv, dr) => {
    const odds = testOdds({ value: av, pool: active }, { value: pv, pool: passive }, dr);
    const brute = bruteForce(active, passive, av, pv, dr);
    expect(fractionText(odds.pass)).toBe(reduced(brute.passes, brute.total));
    for (const [c, count] of brute.cascades) expect(fractionText(odds.cascades[c]!)).toBe(reduced(count, brute.total));
    expect(odds.cascades.length - 1).toBe(Math.max(...brute.cascades.keys()));
    const failures = odds.misses.slice(1).reduce((s, f) => s + Number(f.num) / Number(f.den), 0);
    expect(failures + Number(odds.pass.num) / Number(odds.pass.den)).toBeCloseTo(1, 12);
  });

  it("§4.3 2b vs 2b at equal attributes: the tie counts as a pass", () => {
    const odds = testOdds({ value: 2, pool: pool(2) }, { value: 2, pool: pool(2) });
    // P(tie) = sum over s of P(s)^2 with counts 9,12,10,4,1 of 36
    const tie = (81 + 144 + 100 + 16 + 1) / 1296;
    expect(Number(odds.pass.num) / Number(odds.pass.den)).toBeCloseTo(0.5 + tie / 2, 12);
    expect(fractionText(odds.cascades[0]!)).toBe(reduced(342, 1296));
    expect(fractionText(atLeastCascades(odds, 0))).toBe(fractionText(odds.pass));
  });

  it("the doc's figures are the exact chances rounded to the nearest 0.01%, as its header says (it said 'rounded down')", () => {
    expect([percent(2n, 3n), percent(1n, 3n), percent(1n, 8n), percent(1n, 20_000n), percent(1n, 20_001n), percent(1n, 1n)]).toEqual(["66.67%", "33.33%", "12.50%", "0.01%", "0.00%", "100.00%"]);
    const doc = readFileSync(PROBABILITIES_PATH, "utf8");
    expect(doc).toContain("rounded to the nearest 0.01%");
    expect(doc).not.toContain("rounded down");
    const cells = [...doc.matchAll(/\| (\d+\.\d\d)%/g)].map((m) => m[1]);
    expect(cells.length).toBeGreaterThan(200);
  });

  it("docs/skirmish-probabilities.md is what scripts/skirmish-probabilities.ts writes", () => {
    expect(readFileSync(PROBABILITIES_PATH, "utf8")).toBe(probabilityTable());
  });
});
