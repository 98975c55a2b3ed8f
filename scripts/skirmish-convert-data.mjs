/**
 * One-off converter (run once, output committed): data/skirmish/*.json from the shared rules
 * folder into our own scenarios/skirmish/catalog.json and small-elimination.json, as facts.
 *   node scripts/skirmish-convert-data.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";
const compact = (x) => JSON.stringify(x, null, 1).replace(/\[\s+(-?\d+),\s+(-?\d+)\s+\]/g, "[$1, $2]").replace(/\{\s+("[bmw]": \d+),\s+("[bmw]": \d+),\s+("[bmw]": \d+)\s+\}/g, "{$1, $2, $3}");
const D = new URL("../../shared/data/skirmish/", import.meta.url).pathname;
const read = (f) => JSON.parse(readFileSync(D + f, "utf8"));
const arch = read("archetypes.json").archetypes, weapons = read("weapons.json").weapons, armor = read("armor.json").armor, sizes = read("game-sizes.json");
const traitMap = (list) => {
  const out = {};
  for (const t of list) {
    const m = /^\[?([0-9A-Za-z-]+(?: [A-Za-z-]+)*?)(?: (\d+))?\]?$/.exec(t);
    if (!m) throw new Error("trait " + t);
    const name = m[1].replace(/\]$/, "");
    out[name] = (out[name] ?? 0) + Number(m[2] ?? 1);
  }
  return out;
};
const orOf = (or) => {
  if (or === null) return null;
  const m = /^(STR)?\+?(\d+)?$/.exec(or);
  return { attr: m[1] ?? null, add: Number(m[2] ?? 0) };
};
const catalog = {
  _source: "Converted as facts from data/skirmish/{archetypes,weapons,armor,game-sizes}.json (rules/skirmish.md 3.2-3.6). Trait lists become name -> level; [brackets] dropped.",
  archetypes: Object.fromEntries(Object.entries(arch).map(([name, a]) => [name, { base: a.base ?? null, attributes: a.attributes, bp: a.bp, traits: traitMap(a.traits), available: a.availableInHexGame }])),
  weapons: Object.fromEntries(Object.entries(weapons).map(([name, w]) => [name, {
    class: w.class, group: w.group, or: orOf(w.or), acc: w.acc, impact: w.impact,
    damage: { attr: w.damage.flat === "STR" ? "STR" : null, value: w.damage.flat === "STR" ? 0 : Number(w.damage.flat), bonus: { b: w.damage.dice.b ?? 0, m: w.damage.dice.m ?? 0, w: w.damage.dice.w ?? 0 }, penalty: { b: w.damage.penalty?.b ?? 0, m: w.damage.penalty?.m ?? 0, w: w.damage.penalty?.w ?? 0 } },
    traits: traitMap(w.traits), bp: w.bp, fallback: w.fallback === true,
  }])),
  armor: Object.fromEntries(Object.entries(armor).map(([name, a]) => [name, { type: a.type, ar: a.ar, deflect: a.deflect ?? 0, laden: a.laden ?? 0, bp: a.bp, perTwoModels: a.limit ? 1 : null }])),
  balanceToleranceBP: sizes.balanceToleranceBP,
  gameSizes: sizes.sizes,
  visibility: sizes.visibility,
};
writeFileSync("scenarios/skirmish/catalog.json", compact(catalog) + "\n");

const sc = read("scenario-small-elimination.json");
const terrain = {};
for (const { hex, type } of sc.map.hexes) (terrain[type] ??= []).push(hex);
const model = (m) => {
  const out = { id: m.id, name: m.profile, archetype: m.archetype };
  for (const k of ["melee", "ranged", "suit", "shield", "helm"]) if (m[k]) out[k] = m[k];
  return out;
};
const scenario = {
  id: sc.id,
  title: "Skirmish at the Farm",
  line: "Small game by day: the Company of the Sword (6 models, 361 BP) against the Spear Band (6 models, 342 BP), Elimination mission.",
  gameSize: sc.gameSize,
  lighting: sc.lighting,
  board: { cols: sc.map.cols, rows: sc.map.rows, terrain },
  deploymentDepth: sc.deployment.depth,
  sides: [0, 1].map((s) => ({ name: sc.sides[s].name, models: sc.sides[s].models.map(model) })),
  position: null,
};
writeFileSync("scenarios/skirmish/small-elimination.json", compact(scenario) + "\n");
