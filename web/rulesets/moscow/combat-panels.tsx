/**
 * Combat: the step a drafted battle is at, resolving declared battles, what the dice did, and
 * the choices a battle can leave owed (losses, a retreat path, an advance). Drafting battles
 * with their odds is declare-panel.tsx (it comes with the rules: its attacks are legal() lists).
 */
import type { GameEventJson } from "../../api";
import { Die } from "../../components/Die";
import { computeOdds, hexLabel, RESULT_TEXT, type MoscowAction, type MoscowState } from "./engine";
import { battleOutcome, optionLabel } from "./labels";

export function PendingPanel({ state, choose }: { state: MoscowState; choose: (o: MoscowAction) => void }) {
  const p = state.pending!;
  const b = state.pendingBattles[p.battleIndex];
  const head =
    p.kind === "losses"
      ? `Battle ${p.battleIndex + 1}: your attackers must lose ${p.minLoss ? `steps worth at least ${p.minLoss}` : "one step"}. Choose which:`
      : p.kind === "retreat"
        ? `Battle ${p.battleIndex + 1}: as the attacker you choose where ${p.unitId} retreats. Tap a lit hex or pick a path:`
        : `Battle ${p.battleIndex + 1}: ${b ? `${b.defender}'s hex is empty` : "the hex is empty"}. Advance one attacker into it? On the map: pick the attacker, then tap the lit hex.`;
  return (
    <div class="pending">
      <p class="hint">{head}</p>
      <div class="options">
        {p.options.map((o, i) => (
          <button key={i} type="button" class={o.type === "advance" && o.unitId === null ? "" : "option"} onClick={() => choose(o)}>
            {optionLabel(o, state)}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The turn controls' main button while battles are drafted: the next step of the battle being
 * drafted ("Add battle"), then declaring them all; it sits in the bar that is always on screen,
 * so a battle needs no scrolling on a phone. None while nothing is drafted (the phase's end).
 */
export function declareStep(p: {
  state: MoscowState;
  draft: { attackers: string[]; defender: string }[];
  cur: { attackers: string[]; defender: string | null };
  onAdd: () => void;
  onDeclare: () => void;
}): { label: string; onClick: () => void; disabled?: boolean; title?: string } | null {
  const { cur } = p;
  if (cur.defender) {
    const futile = cur.attackers.length > 0 && computeOdds(p.state, cur.attackers, cur.defender).column === 0;
    return {
      label: `Add battle${futile ? " (no effect)" : ""}: ${cur.attackers.join(" + ") || "…"} against ${cur.defender}`,
      onClick: p.onAdd,
      disabled: !cur.attackers.length,
      title: cur.attackers.length ? "" : `Pick the units that attack ${cur.defender}`,
    };
  }
  if (!p.draft.length) return null;
  return { label: `Declare ${p.draft.length} battle${p.draft.length === 1 ? "" : "s"}`, onClick: p.onDeclare };
}

export function ResolvePanel({ state, onResolve, onResolveAll, busy }: { state: MoscowState; onResolve: (i: number) => void; onResolveAll: () => void; busy: boolean }) {
  const open = state.pendingBattles.map((b, i) => ({ b, i })).filter(({ b }) => !b.resolved);
  return (
    <div class="resolve">
      <p class="hint">
        {open.length ? "Resolve each battle; the server rolls the die." : "Every battle is resolved: end the combat phase when ready."}
      </p>
      <ol class="battles">
        {state.pendingBattles.map((b, i) => {
          const o = computeOdds(state, b.attackers, b.defender);
          return (
            <li key={i} class={b.resolved ? "done" : ""}>
              {b.attackers.join(" + ")} against {b.defender}: {b.resolved ? <>{b.dieRoll ? `die ${b.dieRoll}, ` : ""}<strong>{b.result}</strong></> : <strong>{o.modifiedOdds}</strong>}{" "}
              {!b.resolved &&
                (o.column === 0 ? (
                  <button type="button" class="small" disabled={busy} onClick={() => onResolve(i)} aria-label={`Resolve battle ${i + 1}: below 1:1, no die, no effect`}>
                    Resolve (no effect)
                  </button>
                ) : (
                  <button type="button" class="primary small" disabled={busy} onClick={() => onResolve(i)} aria-label={`Resolve battle ${i + 1}: roll the die`}>
                    Resolve (roll)
                  </button>
                ))}
            </li>
          );
        })}
      </ol>
      {open.length > 1 && (
        <button type="button" class="primary" disabled={busy} onClick={onResolveAll} aria-label={`Resolve all ${open.length} battles in the order listed, stopping at a choice owed`}>
          Resolve all {open.length} in this order
        </button>
      )}
    </div>
  );
}

/** Each battle the last sending resolved: its die, its result and what the result did. */
export function BattleResults({ events }: { events: GameEventJson[] }) {
  const battles = events.flatMap((e, k) => (e.kind === "battle_resolved" ? [k] : []));
  return (
    <>
      {battles.map((k, i) => {
        const b = events[k]!;
        const done = battleOutcome(events.slice(k + 1, battles[i + 1] ?? events.length));
        const text = RESULT_TEXT[b.result as keyof typeof RESULT_TEXT];
        return (
          <div key={i} class="battle-result">
            <Die value={typeof b.dieRoll === "number" ? b.dieRoll : null} />
            <div>
              <strong>
                {String(b.result)}: {done.length ? done.join("; ") : text}
              </strong>
              <div class="muted">
                {(b.attackers as string[]).join(" + ")} ({String(b.attack)}) against {String(b.defender)} ({String(b.defense)}), {String(b.odds)}
                {b.odds !== b.modifiedOdds ? ` shifted to ${String(b.modifiedOdds)}` : ""}
                {done.length ? ` (${text})` : ""}
              </div>
            </div>
          </div>
        );
      })}
    </>
  );
}
