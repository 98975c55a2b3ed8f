import { describe, expect, it } from "vitest";
import { computeOdds, moscow, possibleAttacks } from "../../../worker/engine/moscow";
import { CRT_GDW1986, CRT_SEED_SPEC, lookup } from "../../../worker/engine/moscow/crt";
import { combat, declare, dice, err, fight, h, ok, resolve } from "./helpers";

describe("§Combat: declaration", () => {
  const s = combat({ XL: "1107", VII: "1108", V: "1307", "5": "1207", "10": "1006", "13": "1410" });
  it("§Combat: battles are declared all at once; declaring is voluntary (an empty list is fine)", () => {
    const r = ok(s, "german", declare());
    expect(r.state.battlesDeclared).toBe(true);
    expect(r.state.pendingBattles).toEqual([]);
    ok(r.state, "german", { type: "end_phase" });
    ok(s, "german", { type: "end_phase" });
  });
  it.each([
    ["an attacker must be adjacent to its defender", [[["V"], "10"]], "invalid_battle", /V at 1307 is not adjacent to 10 at 1006/],
    ["each unit attacks at most once", [[["XL"], "5"], [["XL"], "10"]], "invalid_battle", /XL appears in two battles/],
    ["each defender is attacked at most once", [[["XL"], "5"], [["VII"], "5"]], "invalid_battle", /5 is attacked twice/],
    ["a battle needs attackers", [[[], "5"]], "invalid_battle", /no attackers/],
    ["only enemy units are attacked", [[["XL"], "VII"]], "invalid_battle", /your own unit/],
    ["only your own units attack", [[["XL", "10"], "5"]], "invalid_battle", /Soviet unit/],
    ["an eliminated unit cannot attack", [[["XXIV"], "5"]], "invalid_battle", /not on the map/],
    ["unknown defender", [[["XL"], "99"]], "unknown_unit", /99/],
    ["unknown attacker", [[["XC"], "5"]], "unknown_unit", /XC/],
  ])("§Combat: declaration rule — %s", (_n, battles, code, message) => {
    const e = err(s, "german", declare(...(battles as [string[], string][])), code as string);
    expect(e.message).toMatch(message as RegExp);
  });
  it("§Combat: declaration happens only once per phase", () => {
    const t = ok(s, "german", declare([["XL"], "5"])).state;
    expect(err(t, "german", declare([["VII"], "5"]), "invalid_battle").message).toMatch(/already declared/);
  });
  it("§Combat: malformed declarations are bad_action", () => {
    err(s, "german", { type: "declare_battles", battles: "all" }, "bad_action");
    err(s, "german", { type: "declare_battles", battles: [{ attackers: "XL", defender: "5" }] }, "bad_action");
    err(s, "german", { type: "declare_battles", battles: [{ attackers: ["XL"], defender: 5 }] }, "bad_action");
    err(s, "german", { type: "resolve_battle", battleIndex: -1 }, "bad_action");
    err(s, "german", { type: "resolve_battle", battleIndex: "0" }, "bad_action");
  });
  it("§Combat: resolve needs a declared, unresolved battle", () => {
    err(s, "german", resolve(0), "invalid_battle");
    const t = ok(s, "german", declare([["XL", "VII"], "5"])).state;
    err(t, "german", resolve(1), "invalid_battle");
    const u = ok(t, "german", resolve(0), dice(5)).state; // 15 vs 4 = 3:1, die 5: EX
    expect(u.pending).not.toBeNull();
  });
  it("§Combat: battles resolve in any order and battleIndex never changes", () => {
    const t = ok(s, "german", declare([["VII"], "5"], [["XL"], "10"])).state;
    const r = ok(t, "german", resolve(1), dice(5)); // 8 vs 4 = 2:1, die 5: NE
    expect(r.events[0]).toMatchObject({ battleIndex: 1, defender: "10", result: "NE" });
    expect(r.state.pendingBattles[0]!.resolved).toBe(false);
    expect(r.state.pendingBattles[1]!.resolved).toBe(true);
    err(r.state, "german", resolve(1), "invalid_battle");
    expect(err(r.state, "german", { type: "end_phase" }, "invalid_battle").message).toMatch(/Battle 0 .* must be resolved/);
    const v = ok(r.state, "german", resolve(0), dice(5)); // 7 vs 4 = 1:1, die 5: NE
    expect(v.events[0]).toMatchObject({ battleIndex: 0, defender: "5" });
    ok(v.state, "german", { type: "end_phase" });
  });
  it("§Legal: combat phase before declaring lists possible attacks", () => {
    const byDefender = Object.fromEntries(possibleAttacks(s, "german").map((a) => [a.defender, a]));
    expect(Object.keys(byDefender).sort()).toEqual(["10", "5"]);
    expect(byDefender["5"]!.possibleAttackers.sort()).toEqual(["V", "VII", "XL"]);
    expect(byDefender["5"]!.defenderPosition).toEqual(h("1207"));
    expect(byDefender["10"]!.possibleAttackers).toEqual(["XL"]);
    const declared = moscow.legal(s, "german").choices.filter((c) => c.action.type === "declare_battles" && c.to);
    expect(declared.map((c) => c.to).sort()).toEqual([h("1207"), byDefender["10"]!.defenderPosition].sort());
  });
});

describe("§Combat: odds (seed §11: combat odds calculation with terrain)", () => {
  // Soviet 5 (half, 4) in the clear at 1207; German attackers around it.
  const ring = ["1107", "1108", "1206", "1208", "1307", "1308"];
  const odds = (attackers: [string, ("full" | "half")?][], opts: { turn?: number; rules?: "gdw1986" | "seed-spec"; defender?: ["full" | "half"] } = {}) => {
    const units: Record<string, [string, "full" | "half"]> = { "5": ["1207", opts.defender?.[0] ?? "half"] };
    attackers.forEach(([id, st], k) => (units[id] = [ring[k]!, st ?? "full"]));
    const s = combat(units, { turn: opts.turn ?? 1, options: { rules: opts.rules ?? "gdw1986" } });
    return computeOdds(s, attackers.map(([id]) => id), "5");
  };
  it.each([
    ["fractions dropped: 15 vs 4 is 3:1, not 4:1", [["XLVII"], ["V"]], 15, "3:1"],
    ["16 vs 4 is 4:1", [["XXIV"], ["XXXIV"]], 16, "4:1"],
    ["exactly 1:1", [["XXXIV"]], 4, "1:1"],
    ["capped at 6:1 (36 vs 4)", [["XXIV"], ["XLI"], ["LVII"]], 36, "6:1"],
    ["below 1:1 (2 vs 4)", [["XXXIV", "half"]], 2, "<1:1"],
    ["half-strength attackers use their half strength (6 + 4 = 10 vs 4 is 2:1)", [["XXIV", "half"], ["XL", "half"]], 10, "2:1"],
  ] as const)("§Odds: %s", (_n, attackers, attack, expected) => {
    const o = odds(attackers as unknown as [string, ("full" | "half")?][]);
    expect(o.attack).toBe(attack);
    expect(o.defense).toBe(4);
    expect(o.odds).toBe(expected);
    expect(o.modifiedOdds).toBe(expected);
    expect(o.terrainModifiers).toEqual([]);
  });
  it("§Mud: mud halves attack strength (seed §11) keeping fractions — 9 + 8 = 8.5 vs 4 is 2:1", () => {
    const o = odds([["XLVII"], ["XL"]], { turn: 3 });
    expect([o.attack, o.odds]).toEqual([8.5, "2:1"]);
  });
  it("§Mud: fractions kept — 9 + 9 + 7 halved is 12.5 vs 4 = 3:1 (gdw1986); the seed-spec option rounds each down: 4 + 4 + 3 = 11, 2:1", () => {
    expect(odds([["XLVII"], ["LVI"], ["VII"]], { turn: 4 })).toMatchObject({ attack: 12.5, odds: "3:1" });
    expect(odds([["XLVII"], ["LVI"], ["VII"]], { turn: 4, rules: "seed-spec" })).toMatchObject({ attack: 11, odds: "2:1" });
    expect(odds([["XLVII"], ["LVI"], ["VII"]], { turn: 5, rules: "seed-spec" })).toMatchObject({ attack: 25, odds: "6:1" });
  });
  it("§Mud: defence is never halved (full Soviet 8 defends at 8 in mud)", () => {
    expect(odds([["XXIV"], ["XLI"]], { turn: 3, defender: ["full"] })).toMatchObject({ attack: 12, defense: 8, odds: "1:1" });
  });

  const shifted = (units: Record<string, string>, attackers: string[], defender: string) =>
    computeOdds(combat(units), attackers, defender);
  it.each([
    ["defender in forest", { XXIV: "1005", "5": "0906" }, ["XXIV"], "5", ["forest"], "3:1", "2:1"],
    ["defender in Moscow (not across the river)", { XXIV: "1102", "5": "1103" }, ["XXIV"], "5", ["moscow"], "3:1", "2:1"],
    ["Soviet defender in a fortification", { XXIV: "1107", "5": "1106" }, ["XXIV"], "5", ["fortification"], "3:1", "2:1"],
    ["a German defender in a fortification gets no shift", { "5": "1107", "10": "1006", XXXIV: "1106" }, ["5", "10"], "XXXIV", [], "2:1", "2:1"],
    ["every attacker across a river hexside", { XXIV: "1203", "5": "1104" }, ["XXIV"], "5", ["fortification", "river"], "3:1", "1:1"],
    ["river only when every attacker is across: one attacker not across, no river shift", { XXIV: "1203", XL: "1105", "5": "1104" }, ["XXIV", "XL"], "5", ["fortification"], "5:1", "4:1"],
    ["Moscow and river stack (all attackers across the river into Moscow)", { XXIV: "1002", XLI: "1003", "5": "1103" }, ["XXIV", "XLI"], "5", ["moscow", "river"], "6:1", "4:1"],
    ["forest and river stack (0604 attacked from 0603 across the river)", { XXIV: "0603", "5": "0604" }, ["XXIV"], "5", ["forest", "river"], "3:1", "1:1"],
    ["the 6:1 cap applies before the shifts (36 vs 4 in forest is 5:1)", { XXIV: "1005", XLI: "0905", LVII: "0907", "5": "0906" }, ["XXIV", "XLI", "LVII"], "5", ["forest"], "6:1", "5:1"],
  ] as const)("§Odds: terrain shift — %s", (_n, units, attackers, defender, mods, before, after) => {
    const o = shifted(units as Record<string, string>, [...attackers], defender);
    expect(o.terrainModifiers).toEqual(mods);
    expect(o.odds).toBe(before);
    expect(o.modifiedOdds).toBe(after);
  });
});

describe("§Combat: CRT lookup (seed §11: CRT lookup returns correct results)", () => {
  // Column c: attackers worth 4c against a half-strength Soviet (4) in the clear.
  const attackersFor: Record<number, string[]> = { 1: ["XXXIV"], 2: ["XL"], 3: ["XXIV"], 4: ["XXIV", "XXXIV"], 5: ["XXIV", "XL"], 6: ["XXIV", "XLI"] };
  const cells: [string, number, number][] = [];
  for (const rules of ["gdw1986", "seed-spec"]) for (let c = 1; c <= 6; c++) for (let d = 1; d <= 6; d++) cells.push([rules, c, d]);
  it.each(cells)("§CRT: %s table, column %i:1, die %i", (rules, column, die) => {
    const table = rules === "gdw1986" ? CRT_GDW1986 : CRT_SEED_SPEC;
    const attackers = attackersFor[column]!;
    const units: Record<string, string> = { "5": "1207" };
    attackers.forEach((a, k) => (units[a] = ["1107", "1108"][k]!));
    const s = combat(units, { options: { rules: rules as "gdw1986" | "seed-spec" } });
    const r = fight(s, attackers, "5", die);
    expect(r.battle).toMatchObject({ modifiedOdds: `${column}:1`, dieRoll: die, result: lookup(table, die, column) });
    expect(r.rng.draws).toBe(1);
  });
  it("§CRT: the GDW 1986 table as printed (default)", () => {
    expect(CRT_GDW1986.map((row) => row.join(" "))).toEqual([
      "DR DR DR DR DR DRL",
      "EX DR DR DR DRL DRL",
      "EX EX DR DR DRL DE",
      "NE EX EX DRL DRL DE",
      "NE NE EX DRL DE DE",
      "AL NE DRL DE DE DE",
    ]);
  });
  it("§CRT: the seed's table (option rules: seed-spec)", () => {
    expect(CRT_SEED_SPEC.map((row) => row.join(" "))).toEqual([
      "AL AL AL NE NE DR",
      "AL AL NE NE DR DR",
      "AL NE NE DR DR DRL",
      "NE NE DR DR DRL DRL",
      "NE DR DR DRL DRL DE",
      "DR DRL DRL DE DE DE",
    ]);
  });
  it("§Odds: below 1:1 the battle has no effect and no die is rolled (result NE, dieRoll null)", () => {
    const r = fight(combat({ XXXIV: ["1107", "half"], "5": "1207" }), ["XXXIV"], "5");
    expect(r.battle).toMatchObject({ odds: "<1:1", modifiedOdds: "<1:1", dieRoll: null, result: "NE" });
    expect(r.rng.draws).toBe(0);
    expect(r.state.pending).toBeNull();
  });
  it("§Odds: below 1:1 after the shifts also means no effect and no die (4 vs 4 in forest)", () => {
    const r = fight(combat({ XXXIV: "1005", "5": "0906" }), ["XXXIV"], "5");
    expect(r.battle).toMatchObject({ odds: "1:1", terrainModifiers: ["forest"], modifiedOdds: "<1:1", dieRoll: null, result: "NE" });
    expect(r.rng.draws).toBe(0);
  });
  it("§Combat: the resolve_battle event carries the seed's fields", () => {
    const r = fight(combat({ XXIV: "1002", XLI: "1003", "5": "1103" }), ["XXIV", "XLI"], "5", 5);
    expect(r.battle).toEqual({
      kind: "battle_resolved",
      battleIndex: 0,
      side: "german",
      attackers: ["XXIV", "XLI"],
      defender: "5",
      defenderHex: h("1103"),
      attack: 24,
      defense: 4,
      odds: "6:1",
      terrainModifiers: ["moscow", "river"],
      modifiedOdds: "4:1",
      dieRoll: 5,
      result: "DRL",
    });
    expect(moscow.describe(r.battle)).toBe(
      "Battle 1: XXIV, XLI (24) attack 5 (4) at 1103 Moscow, 6:1 shifted to 4:1 (moscow, river), die 5: DRL (defender loses a step and retreats)",
    );
  });
});

