/** The combat results table's card (open in the viewer's combat phases), lighting the battle in hand: the one being drafted, else the next to resolve, else the last rolled. */
import type { GameEventJson } from "../../api";
import { computeOdds, type MoscowState } from "./engine";
import type { CurrentBattle } from "./play";
import { MoscowCrt, ResultKey } from "./crt";

/** The column (1..6, 0 below 1:1), die and caption lit. */
function litBattle(state: MoscowState, cur: CurrentBattle, events: readonly GameEventJson[] | undefined): { column: number | null; die: number | null; caption: string } {
  if (cur.defender && cur.attackers.length) {
    const o = computeOdds(state, cur.attackers, cur.defender);
    return { column: o.column, die: null, caption: `${cur.attackers.join(" + ")} against ${cur.defender}: ${o.modifiedOdds}` };
  }
  const open = state.battlesDeclared ? state.pendingBattles.findIndex((b) => !b.resolved) : -1;
  const b = state.pendingBattles[open];
  if (b) {
    const o = computeOdds(state, b.attackers, b.defender);
    return { column: o.column, die: null, caption: `Battle ${open + 1}, ${b.attackers.join(" + ")} against ${b.defender}: ${o.modifiedOdds}` };
  }
  const last = events?.filter((e) => e.kind === "battle_resolved").at(-1);
  if (last) {
    const column = Number(String(last.modifiedOdds).split(":")[0]) || 0;
    return { column, die: typeof last.dieRoll === "number" ? last.dieRoll : null, caption: `Last battle: ${String(last.modifiedOdds)}, die ${last.dieRoll ?? "none"}, ${String(last.result)}` };
  }
  return { column: null, die: null, caption: "Combat results" };
}

export function CrtCard({ state, cur, events, open }: { state: MoscowState; cur: CurrentBattle; events: readonly GameEventJson[] | undefined; open: boolean }) {
  const crt = litBattle(state, cur, events);
  return (
    <details class="card aid crt-card" open={open ? true : undefined}>
      <summary>Combat results table{crt.column ? ` (${crt.column}:1 lit)` : ""}</summary>
      <MoscowCrt rules={state.options.rules} column={crt.column} die={crt.die} caption={crt.caption} />
      <ResultKey />
    </details>
  );
}
