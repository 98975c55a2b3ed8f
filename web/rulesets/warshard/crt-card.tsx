/** The combat results table's card, lighting the Fight that matters now: the replayed roll, the last roll, or the Fight in hand. */
import type { GameEventJson } from "../../api";
import { printedId, type Column, type FightInfo } from "./engine";
import { columnText } from "./labels";
import { WarshardCrt } from "./crt";

/** The column, die and caption lit: the last of `rolled` (fights resolved), else the Fight in hand. */
function litFight(rolled: readonly GameEventJson[], inHand: FightInfo | undefined): { column: Column | null; die: number | null; caption: string } {
  const lastRoll = rolled.at(-1);
  if (lastRoll) return { column: lastRoll.column as Column, die: (lastRoll.die as number | null) ?? null, caption: `Last roll: ${columnText(String(lastRoll.column))}, die ${lastRoll.die ?? "–"}` };
  if (inHand) return { column: inHand.column, die: null, caption: `Fight at ${printedId(inHand.hex)}: column ${columnText(inHand.column)}` };
  return { column: null, die: null, caption: "Combat results table" };
}

export function CrtCard({ rolled, inHand }: { rolled: readonly GameEventJson[]; inHand: FightInfo | undefined }) {
  const crt = litFight(rolled, inHand);
  return (
    <section class="card ws-crt-card" aria-label="Combat results table">
      <h3>Combat results</h3>
      <WarshardCrt column={crt.column} die={crt.die} caption={crt.caption} />
    </section>
  );
}
