import { describe, expect, it } from "vitest";
import { archetypeOf, armorOf, CATALOG, loadoutBP, parseSides, profileOf, weaponOf, type Character, type Loadout } from "../../../worker/engine/skirmish/data";
import scenario from "../../../scenarios/skirmish/small-elimination.json";

describe("§3.2 archetypes and variants", () => {
  it.each([
    ["Untrained", "0 1 2 2 1 1 2 2 3", 7, {}],
    ["Militia", "1 2 2 2 2 1 2 2 3", 20, {}],
    ["Average", "2 2 2 2 2 2 2 2 3", 30, {}],
    ["Veteran", "3 3 3 2 3 2 2 2 3", 61, { Grit: 1 }],
    ["Elite", "3 3 3 3 3 3 3 3 3", 129, { Grit: 1, Fight: 1, Shoot: 1 }],
  ])("§3.2 %s: CCA RCA REF INT POW STR FOR MOV SIZ = %s, %i BP", (name, line, bp, traits) => {
    const a = archetypeOf(name)!;
    expect(Object.values(a.attributes).join(" ")).toBe(line);
    expect([a.bp, a.traits, a.available]).toEqual([bp, traits, true]);
  });

  it.each([
    ["Militia, Fighter", 25, { Fight: 1 }],
    ["Militia, Shooter", 25, { Shoot: 1 }],
    ["Militia, Grizzled", 30, { Grit: 1 }],
    ["Average, Fighter", 35, { Fight: 1 }],
    ["Average, Shooter", 35, { Shoot: 1 }],
    ["Average, Grizzled", 40, { Grit: 1 }],
    ["Veteran, Fighter", 66, { Grit: 1, Fight: 1 }],
    ["Veteran, Shooter", 66, { Grit: 1, Shoot: 1 }],
    ["Veteran, Grizzled", 72, { Grit: 2 }],
    ["Veteran, Warrior", 72, { Grit: 1, Fight: 1, Shoot: 1 }],
    ["Elite, Shooter", 137, { Grit: 1, Fight: 1, Shoot: 2 }],
    ["Elite, Grizzled", 144, { Grit: 2, Fight: 1, Shoot: 1 }],
  ])("§3.2 available variant %s: %i BP, traits %o", (name, bp, traits) => {
    const v = archetypeOf(name)!;
    expect([v.bp, v.traits, v.available]).toEqual([bp, traits, true]);
    expect(v.attributes).toEqual(archetypeOf(v.base!)!.attributes);
  });

  it("§3.2 exactly the twelve variants above are available; the other QSR variants are listed as unavailable", () => {
    const variants = Object.entries(CATALOG.archetypes).filter(([, a]) => a.base !== null);
    expect(variants.filter(([, a]) => a.available)).toHaveLength(12);
    expect(variants.filter(([, a]) => !a.available).length).toBeGreaterThan(30);
  });
});

describe("§3.3 weapons and §3.4 armor", () => {
  it.each([
    ["Daggers", "ranged", null, 1, "STR", 0, { b: 0, m: 0, w: 0 }, 6],
    ["Sword, Saber", "melee", "+1m", 2, "STR", 0, { b: 1, m: 0, w: 0 }, 13],
    ["Sword, Broad", "melee", null, 1, "STR", 0, { b: 0, m: 2, w: 0 }, 17],
    ["Axe", "ranged", null, 1, "STR", 0, { b: 0, m: 0, w: 1 }, 15],
    ["Spear, Medium", "ranged", null, 2, "STR", 0, { b: 0, m: 2, w: 0 }, 30],
    ["Bow, Medium", "ranged", null, 2, "STR", 0, { b: 0, m: 1, w: 0 }, 7],
    ["Bow, Long", "ranged", null, 3, "STR", 0, { b: 0, m: 0, w: 1 }, 13],
    ["Crossbow, Medium", "ranged", null, 3, null, 3, { b: 1, m: 0, w: 0 }, 10],
    ["Improvised Melee", "fallback", null, 0, "STR", 0, { b: 0, m: 0, w: 0 }, 0],
    ["Unarmed", "fallback", "-1m", 0, "STR", 0, { b: 0, m: 0, w: 0 }, 0],
  ] as const)("§3.3 %s: group %s, Acc %s, Impact %i, damage %s/%i + %o, %i BP", (name, group, acc, impact, attr, value, bonus, bp) => {
    const w = weaponOf(name)!;
    expect([w.group, w.acc, w.impact, w.damage.attr, w.damage.value, w.damage.bonus, w.bp]).toEqual([group, acc, impact, attr, value, bonus, bp]);
  });

  it.each([
    ["Bow, Medium", { attr: "STR", add: 4 }, { Reload: 1 }],
    ["Bow, Long", { attr: "STR", add: 8 }, { Reload: 2, Impale: 1 }],
    ["Crossbow, Medium", { attr: null, add: 10 }, { Reload: 2, Laden: 1, Impale: 1 }],
  ])("§3.3 %s: OR %o and traits %o", (name, or, traits) => {
    const w = weaponOf(name)!;
    expect(w.or).toEqual(or);
    expect(w.traits).toMatchObject(traits);
  });

  it("§3.3 Unarmed damage STR - 1m gives the defender +1m", () => {
    expect(weaponOf("Unarmed")!.damage.penalty).toEqual({ b: 0, m: 1, w: 0 });
  });

  it.each([
    ["Helmet", "Helm", 0, 0, 0, 3],
    ["Shield, Light", "Shield", 1, 0, 0, 8],
    ["Shield, Medium", "Shield", 1, 1, 1, 10],
    ["Armor, Light", "Suit", 2, 1, 1, 8],
    ["Armor, Medium", "Suit", 4, 1, 2, 13],
    ["Armor, Heavy", "Suit", 6, 1, 3, 15],
  ] as const)("§3.4 %s: %s, AR %i, Deflect %i, Laden %i, %i BP", (name, type, ar, deflect, laden, bp) => {
    const a = armorOf(name)!;
    expect([a.type, a.ar, a.deflect, a.laden, a.bp]).toEqual([type, ar, deflect, laden, bp]);
  });
});

describe("§3.6 profiles and BP", () => {
  const sample: [string, Loadout, number][] = [
    ["Swordfighter, Conscript", { archetype: "Militia", melee: "Sword, Broad", suit: "Armor, Medium" }, 50],
    ["Swordfighter, Regular", { archetype: "Average", melee: "Sword, Broad", suit: "Armor, Medium" }, 60],
    ["Swordfighter, Guard", { archetype: "Veteran", melee: "Sword, Broad", suit: "Armor, Medium", shield: "Shield, Medium" }, 101],
    ["Spearfighter, Conscript", { archetype: "Militia", melee: "Spear, Medium", suit: "Armor, Medium", helm: "Helmet" }, 66],
    ["Spearfighter, Regular", { archetype: "Average", melee: "Spear, Medium", suit: "Armor, Medium" }, 73],
    ["Axefighter, Conscript", { archetype: "Militia", melee: "Axe", suit: "Armor, Medium" }, 48],
    ["Axefighter, Regular", { archetype: "Average", melee: "Axe", suit: "Armor, Medium" }, 58],
    ["Archer, Guard", { archetype: "Average", melee: "Daggers", ranged: "Crossbow, Medium", suit: "Armor, Light", helm: "Helmet" }, 54],
    ["Archer, Patrol", { archetype: "Average", melee: "Daggers", ranged: "Bow, Medium", suit: "Armor, Light", helm: "Helmet" }, 51],
    ["Archer, Royal", { archetype: "Elite", melee: "Daggers", ranged: "Bow, Medium", suit: "Armor, Light", helm: "Helmet" }, 150],
  ];
  it.each(sample)("§3.6 sample profile %s costs the QSR's printed %i BP", (_, loadout, bp) => {
    expect(loadoutBP(loadout)).toBe(bp);
  });

  it("§3.6 in each weapon group the dearest weapon is paid in full, every other at half rounded up", () => {
    // Daggers (6) are Throwable, so they are the second ranged weapon beside the bow: 3
    expect(loadoutBP({ archetype: "Average", melee: "Daggers", ranged: "Bow, Medium" })).toBe(30 + 7 + 3);
    // Axe (15) is Throwable too: with a Long Bow (13) the axe is the dearer, the bow costs 7
    expect(loadoutBP({ archetype: "Average", melee: "Axe", ranged: "Bow, Long" })).toBe(30 + 15 + 7);
    // melee and ranged groups are separate
    expect(loadoutBP({ archetype: "Average", melee: "Sword, Broad", ranged: "Bow, Long" })).toBe(30 + 17 + 13);
  });

  it("§3.6 a model without a melee weapon fights with Improvised Melee if it carries a bow, else Unarmed (both free)", () => {
    expect(profileOf({ archetype: "Average", ranged: "Bow, Medium" }).melee).toBe("Improvised Melee");
    expect(profileOf({ archetype: "Average" }).melee).toBe("Unarmed");
    expect(loadoutBP({ archetype: "Average" })).toBe(30);
  });

  it("§3.4 AR, Deflect and Laden add up over the items (and the crossbow's Laden)", () => {
    const guard = profileOf({ archetype: "Veteran", melee: "Sword, Broad", suit: "Armor, Medium", shield: "Shield, Medium" });
    expect([guard.ar, guard.deflect, guard.laden]).toEqual([5, 2, 3]);
    const crossbowman = profileOf({ archetype: "Average", melee: "Daggers", ranged: "Crossbow, Medium", suit: "Armor, Light", helm: "Helmet" });
    expect([crossbowman.ar, crossbowman.deflect, crossbowman.laden]).toEqual([2, 1, 2]);
  });

  it("§15 the shipped scenario's models cost what the data says: 361 and 342 BP", () => {
    const costs = scenario.sides.map((s) => s.models.map((m) => loadoutBP(m as Loadout)));
    expect(costs).toEqual([
      [96, 55, 55, 53, 51, 51],
      [68, 68, 45, 53, 54, 54],
    ]);
    expect(parseSides(scenario.sides, "small")).toHaveLength(2);
  });
});

describe("§3.6 assembly validation names what is wrong", () => {
  const model = (id: string, extra: Partial<Character> = {}): Character => ({ id, name: `Regular ${id}`, archetype: "Average", melee: "Sword, Broad", suit: "Armor, Light", ...extra });
  const side = (prefix: string, n: number, extra: Partial<Character> = {}) => ({ name: `Side ${prefix}`, models: Array.from({ length: n }, (_, i) => model(`${prefix}${i + 1}`, extra)) });
  const ok = [side("a", 4), side("b", 4)];

  it("§3.6 a valid pair of sides parses", () => {
    expect(parseSides(ok, "small")).toEqual(ok);
  });

  it.each([
    ["not two sides", [side("a", 4)], "sides", /exactly two sides/],
    ["too few models", [side("a", 3), side("b", 3)], "sides[0].models", /has 3 models; a small game allows 4-8/],
    ["too many models", [side("a", 9), side("b", 9)], "sides[0].models", /has 9 models/],
    ["over the BP maximum", [side("a", 8, { archetype: "Elite" }), side("b", 8, { archetype: "Elite" })], "sides[0].models", /costs 1232 BP; a small game allows at most 500/],
    ["unbalanced", [side("a", 4), side("b", 5)], "sides", /differ by 55, more than 25/],
    ["unknown archetype", [side("a", 4, { archetype: "Hero" }), side("b", 4)], "sides[0].models[0].archetype", /no archetype or variant "Hero"/],
    ["unavailable variant", [side("a", 4, { archetype: "Average, Sneak" }), side("b", 4)], "sides[0].models[0].archetype", /not available/],
    ["a bow as melee weapon", [side("a", 4, { melee: "Bow, Medium" }), side("b", 4)], "sides[0].models[0].melee", /not a melee weapon/],
    ["a sword as ranged weapon", [side("a", 4, { ranged: "Sword, Broad" }), side("b", 4)], "sides[0].models[0].ranged", /not a ranged weapon/],
    ["a shield worn as a suit", [side("a", 4, { suit: "Shield, Light" }), side("b", 4)], "sides[0].models[0].suit", /is a Shield, not a Suit/],
    ["a fallback carried", [side("a", 4, { melee: "Unarmed" }), side("b", 4)], "sides[0].models[0].melee", /not a melee weapon/],
  ])("§3.6 refuses %s", (_, sides, field, message) => {
    const problem = parseSides(sides, "small");
    expect(problem).toMatchObject({ field });
    expect((problem as { message: string }).message).toMatch(message);
  });

  it("§3.4 at most one Armor, Heavy per two models of a side", () => {
    const heavy = { ...side("a", 4), models: side("a", 4).models.map((m, i) => (i < 3 ? { ...m, suit: "Armor, Heavy" } : m)) };
    const problem = parseSides([heavy, side("b", 4)], "small");
    expect(problem).toMatchObject({ field: "sides[0].models" });
    expect((problem as { message: string }).message).toMatch(/3 × Armor, Heavy; at most 2 for 4 models/);
  });

  it("§3.6 a model id used twice, a missing name and a non-object model are named", () => {
    expect(parseSides([side("a", 4), side("a", 4)], "small")).toMatchObject({ field: "sides[1].models[0].id", model: "a1" });
    expect(parseSides([{ ...side("a", 4), models: [{ id: "x1", archetype: "Average" }] }, side("b", 4)], "small")).toMatchObject({ field: "sides[0].models[0].name", model: "x1" });
    expect(parseSides([{ name: "A", models: [7] }, side("b", 4)], "small")).toMatchObject({ field: "sides[0].models[0]" });
  });
});
