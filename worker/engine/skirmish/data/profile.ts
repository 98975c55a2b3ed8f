/**
 * Profiles (skirmish.md 3.6): an archetype or variant with at most one melee weapon, one
 * ranged weapon (Bow) and one Suit, Shield and Helm, resolved into what the rules read.
 */
import { armorOf, archetypeOf, IMPROVISED, UNARMED, weaponOf, type ArmorType, type Attributes } from "./catalog";
import { traitLevel, type Traits } from "./traits";

export const ARMOR_SLOTS = ["suit", "shield", "helm"] as const;
export type ArmorSlot = (typeof ARMOR_SLOTS)[number];
export const SLOT_TYPE: Readonly<Record<ArmorSlot, ArmorType>> = { suit: "Suit", shield: "Shield", helm: "Helm" };

/** What a character is made of, as the scenario writes it (names from the catalog). */
export interface Loadout {
  archetype: string;
  melee?: string;
  ranged?: string;
  suit?: string;
  shield?: string;
  helm?: string;
}

/** A character: a loadout with a unique id and a name. */
export interface Character extends Loadout {
  id: string;
  name: string;
}

export interface Profile {
  attributes: Attributes;
  traits: Traits;
  /** The melee weapon it fights with: its own, or the fallback (Improvised with a bow, else Unarmed). */
  melee: string;
  ranged: string | null;
  armor: string[];
  ar: number;
  deflect: number;
  /** Laden of armor and weapons together (5.2). */
  laden: number;
  bp: number;
}

export interface LoadoutProblem {
  /** The loadout field at fault ("archetype", "melee", "suit"...). */
  field: keyof Loadout;
  message: string;
}

export function checkLoadout(loadout: Loadout): LoadoutProblem | null {
  const archetype = archetypeOf(loadout.archetype);
  if (!archetype) return { field: "archetype", message: `there is no archetype or variant "${loadout.archetype}"` };
  if (!archetype.available) return { field: "archetype", message: `"${loadout.archetype}" adds traits the hex game does not implement, so it is not available` };
  if (loadout.melee !== undefined) {
    const weapon = weaponOf(loadout.melee);
    if (!weapon) return { field: "melee", message: `there is no weapon "${loadout.melee}"` };
    if (weapon.class !== "Melee" || weapon.fallback) return { field: "melee", message: `"${loadout.melee}" is not a melee weapon a model can carry` };
  }
  if (loadout.ranged !== undefined) {
    const weapon = weaponOf(loadout.ranged);
    if (!weapon) return { field: "ranged", message: `there is no weapon "${loadout.ranged}"` };
    if (weapon.class !== "Bow") return { field: "ranged", message: `"${loadout.ranged}" is not a ranged weapon (Bow)` };
  }
  for (const slot of ARMOR_SLOTS) {
    const name = loadout[slot];
    if (name === undefined) continue;
    const item = armorOf(name);
    if (!item) return { field: slot, message: `there is no armor "${name}"` };
    if (item.type !== SLOT_TYPE[slot]) return { field: slot, message: `"${name}" is a ${item.type}, not a ${SLOT_TYPE[slot]}` };
  }
  return null;
}

/**
 * BP (3.6): archetype + weapons + armor; in each weapon group ("melee", "ranged") the dearest
 * weapon is paid in full and every other at half cost rounded up; fallbacks cost 0.
 */
export function loadoutBP(loadout: Loadout): number {
  const archetype = archetypeOf(loadout.archetype);
  const weapons = [loadout.melee, loadout.ranged].flatMap((n) => (n === undefined ? [] : [weaponOf(n)!]));
  let bp = archetype?.bp ?? 0;
  for (const group of ["melee", "ranged"] as const) {
    const costs = weapons.filter((w) => w.group === group).map((w) => w.bp).sort((a, b) => b - a);
    costs.forEach((cost, i) => (bp += i === 0 ? cost : Math.ceil(cost / 2)));
  }
  for (const slot of ARMOR_SLOTS) {
    const name = loadout[slot];
    if (name !== undefined) bp += armorOf(name)?.bp ?? 0;
  }
  return bp;
}

/** The resolved profile of a loadout that passed `checkLoadout`. */
export function profileOf(loadout: Loadout): Profile {
  const archetype = archetypeOf(loadout.archetype)!;
  const ranged = loadout.ranged ?? null;
  const melee = loadout.melee ?? (ranged === null ? UNARMED : IMPROVISED);
  const armor = ARMOR_SLOTS.flatMap((slot) => (loadout[slot] === undefined ? [] : [loadout[slot]!]));
  const items = armor.map((n) => armorOf(n)!);
  const weaponLaden = [melee, ranged].reduce((sum, n) => sum + (n === null ? 0 : traitLevel(weaponOf(n)!.traits, "Laden")), 0);
  return {
    attributes: archetype.attributes,
    traits: archetype.traits,
    melee,
    ranged,
    armor,
    ar: items.reduce((s, i) => s + i.ar, 0),
    deflect: items.reduce((s, i) => s + i.deflect, 0),
    laden: items.reduce((s, i) => s + i.laden, 0) + weaponLaden,
    bp: loadoutBP(loadout),
  };
}
