/**
 * The facts of the game's components (skirmish.md 3.2-3.4, 3.6): archetypes and variants,
 * weapons, armor and game sizes, converted from data/skirmish into scenarios/skirmish/catalog.json.
 */
import file from "../../../../scenarios/skirmish/catalog.json";
import type { Pool } from "../dice";
import type { Traits } from "./traits";

export const ATTRIBUTES = ["CCA", "RCA", "REF", "INT", "POW", "STR", "FOR", "MOV", "SIZ"] as const;
export type Attribute = (typeof ATTRIBUTES)[number];
export type Attributes = Readonly<Record<Attribute, number>>;


export interface Archetype {
  /** The archetype a variant is built on; null for the five archetypes. */
  base: string | null;
  attributes: Attributes;
  bp: number;
  traits: Traits;
  /** False for variants whose traits the hex game does not implement (3.2). */
  available: boolean;
}

export type WeaponGroup = "melee" | "ranged" | "fallback";

export interface Weapon {
  class: "Melee" | "Bow" | "Natural";
  /** The BP group (3.6): Throwable weapons count as ranged. */
  group: WeaponGroup;
  /** Optimal range: `attr` (STR or none) plus `add`. */
  or: { attr: "STR" | null; add: number } | null;
  /** "+1m" or "-1m": a bonus or a penalty die on the Hit Test. */
  acc: string | null;
  impact: number;
  /** The Damage rating: the attacker's `attr` (or `value`), bonus dice, penalty dice for the defender. */
  damage: { attr: "STR" | null; value: number; bonus: Pool; penalty: Pool };
  traits: Traits;
  bp: number;
  fallback: boolean;
}

export type ArmorType = "Helm" | "Shield" | "Suit";

export interface ArmorItem {
  type: ArmorType;
  ar: number;
  deflect: number;
  laden: number;
  bp: number;
  /** Most items a side may field per two of its models; null for no limit (Armor, Heavy: 1). */
  perTwoModels: number | null;
}

export const GAME_SIZES = ["small", "medium", "large"] as const;
export type GameSize = (typeof GAME_SIZES)[number];

export interface GameSizeRules {
  maxBP: number;
  advisoryMinBP: number;
  minModels: number;
  maxModels: number;
  board: readonly [number, number];
  deploymentDepth: number;
  endGameFromTurn: number;
}

export const LIGHTINGS = ["day", "twilight", "night"] as const;
export type Lighting = (typeof LIGHTINGS)[number];

export interface Catalog {
  archetypes: Readonly<Record<string, Archetype>>;
  weapons: Readonly<Record<string, Weapon>>;
  armor: Readonly<Record<string, ArmorItem>>;
  balanceToleranceBP: number;
  gameSizes: Readonly<Record<GameSize, GameSizeRules>>;
  visibility: Readonly<Record<Lighting, number>>;
}

export const CATALOG = file as unknown as Catalog;

export const IMPROVISED = "Improvised Melee";
export const UNARMED = "Unarmed";

export const archetypeOf = (name: string): Archetype | undefined => (Object.hasOwn(CATALOG.archetypes, name) ? CATALOG.archetypes[name] : undefined);
export const weaponOf = (name: string): Weapon | undefined => (Object.hasOwn(CATALOG.weapons, name) ? CATALOG.weapons[name] : undefined);
export const armorOf = (name: string): ArmorItem | undefined => (Object.hasOwn(CATALOG.armor, name) ? CATALOG.armor[name] : undefined);
