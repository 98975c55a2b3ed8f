/**
 * The skirmish page's attack preview (web/rulesets/skirmish/preview.ts) is the engine's attack
 * spec: over seeded bot games, every attack choice's preview names the Hit and Damage Tests the
 * attack then rolls (skirmish.md 10, 11, 12.1), and a hit with no carry-over wounds exactly when
 * its damage cascades reach the preview's threshold.
 */
import { expect, it } from "vitest";
import { rngFromSeed } from "../../worker/engine/rng";
import { isRuleError } from "../../worker/engine/ruleset";
import { skirmish, type SkirmishState } from "../../worker/engine/skirmish";
import { legalChoices } from "../../worker/engine/skirmish/legal";
import { botPlay, playOut } from "../../worker/engine/bot-play";
import { attackPreview } from "../../web/rulesets/skirmish/preview";

const noCarry = (p: { b: number; m: number; w: number }) => p.b + p.m + p.w === 0;

it("§12.1 the preview is the attack's own Hit and Damage Tests; a hit without carry-overs wounds at the preview's cascades", () => {
  let previews = 0;
  let hitsChecked = 0;
  for (const scenario of ["small-elimination", "small-clash"]) {
    for (let g = 0; g < 3; g++) {
      const start = skirmish.setup(scenario, skirmish.parseOptions({}) as never, rngFromSeed(`preview-${g}`)) as SkirmishState;
      const rngs = { bot: (i: number) => rngFromSeed(`bot-${g}-${i}`), dice: (i: number) => rngFromSeed(`dice-${g}-${i}`) };
      // each position the computer reaches, before it moves on: every attack it could make, previewed and rolled
      const previewAll = (state: SkirmishState, seat: string) => {
        for (const c of legalChoices(state, seat).choices) {
          const preview = attackPreview(state, c);
          if (!preview) continue;
          previews++;
          const applied = skirmish.apply(state, seat, c.action, rngFromSeed(`roll-${g}-${previews}`));
          if (isRuleError(applied)) throw new Error(applied.message);
          const event = applied.events.find((e) => e.kind === c.action.type) as Extract<typeof applied.events[number], { kind: "close_attack" | "range_attack" }>;
          const hit = event.hit!;
          expect([hit.active.value, hit.passive.value + hit.dr, hit.modifiers]).toEqual([preview.hit.active.value, preview.hit.passive.value, preview.hit.modifiers]);
          if (!hit.pass || !noCarry(hit.carryOver)) continue;
          hitsChecked++;
          const damage = event.damage!;
          expect([damage.active.attr, damage.active.value, damage.passive.value, damage.modifiers]).toEqual([preview.damage.active.attr, preview.damage.active.value, preview.damage.passive.value, preview.damage.modifiers]);
          expect([damage.active.pool, damage.passive.pool]).toEqual([preview.damage.active.pool, preview.damage.passive.pool]);
          expect(event.effectiveAR).toBe(preview.damage.effectiveAR);
          expect(event.received > 0, JSON.stringify({ damage, preview: preview.damage })).toBe(damage.pass && damage.cascades >= preview.damage.needCascades);
        }
        return true;
      };
      playOut(botPlay(skirmish, start, rngs, { maxActions: 2000, keepOn: previewAll }));
    }
  }
  expect(previews).toBeGreaterThan(100);
  expect(hitsChecked).toBeGreaterThan(20);
});
