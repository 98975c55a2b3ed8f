/** Trait name (brackets dropped) to level; "Grit 2" is { Grit: 2 }. */
export type Traits = Readonly<Record<string, number>>;

/** A trait's level (0 when the model or weapon lacks the trait). */
export const traitLevel = (traits: Traits, name: string): number => (Object.hasOwn(traits, name) ? (traits[name] ?? 0) : 0);
