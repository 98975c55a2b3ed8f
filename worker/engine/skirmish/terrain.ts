/** The five terrain categories (skirmish.md 2.3), and a board's terrain as the state keeps it. */
import type { Hex } from "../hex";

export const TERRAINS = ["clear", "rough", "soft", "hard", "blocking"] as const;
export type Terrain = (typeof TERRAINS)[number];

/** Every hex that is not `clear`, listed by terrain as axial [q, r]. */
export type TerrainLists = Partial<Record<Exclude<Terrain, "clear">, Hex[]>>;
