/**
 * The decision panels: the selected unit's choices as buttons (with the odds each would give)
 * and the owed decisions (retreat, advance, replacement placement). Every button here has a
 * twin on the map. Built from the legal lists, they come with the rules at the viewer's first
 * touch (engine-rules.ts).
 */
import type { LegalChoice } from "../../../worker/engine/ruleset";
import { UNIT_DEFS, unitById, type WarshardAction, type WarshardState } from "./engine";
import { columnText, hexText, sideName, unitText } from "./labels";
import type { OddsPreview } from "./odds-preview";

/** The selected unit's choices in this phase, each with what it would give. */
export function UnitChoices(p: {
  state: WarshardState;
  unit: string;
  stack: string[];
  choices: LegalChoice<WarshardAction>[];
  /** The odds each allocation would give (odds-preview.ts unitOdds). */
  odds: ReadonlyMap<LegalChoice<WarshardAction>, OddsPreview>;
  onPick: (id: string) => void;
  onChoose: (a: WarshardAction) => void;
  onCancel: () => void;
}) {
  const u = unitById(p.state, p.unit)!;
  const mine = p.choices.filter((c) => "unit" in c.action && c.action.unit === p.unit && c.action.type !== "move");
  const d = UNIT_DEFS[u.type];
  return (
    <div class="ws-unit">
      {p.stack.length > 1 && (
        <div class="ws-stack" role="group" aria-label="Units in this hex">
          {p.stack.map((id) => (
            <button key={id} type="button" aria-pressed={id === p.unit} onClick={() => p.onPick(id)}>
              {unitText(p.state, id)}
            </button>
          ))}
        </div>
      )}
      <p>
        <strong>{unitText(p.state, p.unit)}</strong>: Power {d.power}, Defence {d.defence}, Mobility {d.mobility}
        {d.range !== null ? `, Range ${d.range}` : ""}
        {p.state.phase === "movement" ? ` · ${u.mobilityLeft / 2} MP left` : ""}
      </p>
      {mine.length > 0 && (
        <ul class="ws-options">
          {mine.map((c, i) => {
            const o = p.odds.get(c);
            const where = c.action.type === "attack" ? c.action.target : c.action.type === "support" ? c.action.fight : null;
            return (
              <li key={i}>
                <button type="button" onClick={() => p.onChoose(c.action)}>
                  {c.action.type === "attack" ? "Attack" : p.state.phase === "defense" ? "Defend" : "Support"} {where ? hexText(p.state, where) : ""}
                  {o && (
                    <span class={`ws-col c-${o.column}`}>
                      {o.attack}:{o.defence} → {columnText(o.column)}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" class="link" onClick={p.onCancel}>
        Put it down
      </button>
    </div>
  );
}

/** The decision owed by the viewer: its options as buttons (the map lights the same ones). */
export function PendingPanel({ state, choices, onChoose }: { state: WarshardState; choices: LegalChoice<WarshardAction>[]; onChoose: (a: WarshardAction) => void }) {
  const p = state.pending!;
  const title =
    p.kind === "retreat"
      ? `${sideName(unitById(state, p.unit)?.side ?? "")} ${unitText(state, p.unit)} at ${hexText(state, unitById(state, p.unit)?.hex ?? p.fight)} must retreat one hex after the fight at ${hexText(state, p.fight)}: you choose where.`
      : p.kind === "advance"
        ? `${hexText(state, p.fight)} is empty: one unit that fought there may advance into it.`
        : `${unitText(state, p.unit)} is recovered: choose where it returns.`;
  return (
    <div class="pending ws-pending">
      <p>{title}</p>
      <p class="muted small">Tap a lit hex on the map, or a button.</p>
      <div class="options">
        {choices.map((c, i) => (
          <button key={i} type="button" class={c.action.type === "no_advance" ? "" : "primary"} onClick={() => onChoose(c.action)}>
            {c.action.type === "retreat"
              ? `To ${hexText(state, c.action.to)}`
              : c.action.type === "advance"
                ? `Advance ${unitText(state, c.action.unit)}`
                : c.action.type === "no_advance"
                  ? "Stay put (no advance)"
                  : c.action.type === "place_replacement"
                    ? `At ${hexText(state, c.action.hex)}`
                    : c.label}
          </button>
        ))}
      </div>
    </div>
  );
}
