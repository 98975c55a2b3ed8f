/** The Fights declared so far in this phase, each a card; the one in hand is marked and, while acting, a tap shows another on the table. */
import type { FightInfo, WarshardState } from "./engine";
import { ColumnStrip } from "./crt";
import { columnText, hexText, unitText } from "./labels";

const list = (state: WarshardState, ids: readonly string[]) => (ids.length ? ids.map((id) => unitText(state, id)).join(", ") : "none");

/** A Fight as its odds stand: who is in it, the strengths, the supply shifts and the column. */
export function FightCard({ state, fight, index, current, onShow }: { state: WarshardState; fight: FightInfo; index: number; current: boolean; onShow?: () => void }) {
  const shifts = [fight.defenderOutOfSupply ? "defender out of supply: one column right" : "", fight.attackerOutOfSupply ? "an attacker out of supply: one column left" : ""].filter(Boolean);
  return (
    <li class={`ws-fight${current ? " current" : ""}`} data-fight={index}>
      <div class="ws-fight-head">
        <strong>Fight {index + 1}</strong> at {hexText(state, fight.hex)}
        <span class={`ws-col c-${fight.column}`} aria-label={`odds column ${columnText(fight.column)}`}>
          {columnText(fight.column)}
        </span>
      </div>
      <p class="small">
        Attack {fight.attack} ({list(state, [...fight.attackers, ...fight.attackSupport])}) vs defence {fight.defence} ({list(state, [...fight.defenders, ...fight.defenceSupport])})
        {fight.baseColumn !== fight.column ? `: ${columnText(fight.baseColumn)}, ${shifts.join(", ")}` : ""}
      </p>
      <ColumnStrip column={fight.column} />
      {onShow && !current && (
        <button type="button" class="link" onClick={onShow}>
          Show on the table
        </button>
      )}
    </li>
  );
}

export function FightsList({ state, fights, inHand, onShow }: { state: WarshardState; fights: readonly FightInfo[]; inHand: FightInfo | undefined; onShow?: (index: number) => void }) {
  return (
    <ol class="ws-fights-list">
      {fights.map((f, i) => (
        <FightCard key={i} state={state} fight={f} index={i} current={inHand === f} onShow={onShow && (() => onShow(i))} />
      ))}
    </ol>
  );
}
