/** The Fights declared so far in this phase, each a card; the one in hand is marked and, while acting, a tap shows another on the table. */
import type { FightInfo, WarshardState } from "./engine";
import { FightCard } from "./panels";

export function FightsList({ state, fights, inHand, onShow }: { state: WarshardState; fights: readonly FightInfo[]; inHand: FightInfo | undefined; onShow?: (index: number) => void }) {
  return (
    <ol class="ws-fights-list">
      {fights.map((f, i) => (
        <FightCard key={i} state={state} fight={f} index={i} current={inHand === f} onShow={onShow && (() => onShow(i))} />
      ))}
    </ol>
  );
}
