/**
 * The decision before an activation: which unit to activate (the map or the list), what it is,
 * and once the rules have come, what it could do. It comes with the page, so the sheet a player
 * opens on is whole; the acting unit's panel (panels.tsx) comes with the rules.
 */
import { UNIT_DEFS, commandPercent, inCommand, printedId, terrainAt, type MusketAction, type MusketState, type Unit, type UnitAnswer } from "./engine";
import { commandLine, leaderOf, plural, sideName, TERRAIN_WORDS } from "./labels";

const ACTION_WORDS = {
  move_or_fire: "moves (and may charge) or fires",
  fire_and_move: "may fire once and move, in either order",
  move_only: "moves and charges; never fires",
} as const;

export function UnitFacts({ state, unit }: { state: MusketState; unit: Unit }) {
  const def = UNIT_DEFS[unit.type];
  const l = leaderOf(state, unit);
  return (
    <p class="mk-facts">
      <strong>{unit.id}</strong> · {sideName(state, unit.side)} {def.name} · {unit.sp} of {unit.maxSp} SP{unit.elite ? " · elite" : ""}
      {l ? ` · leader ${l.id} (radius ${l.radius})` : ""}
      <br />
      <span class="muted">
        {def.movement} MP, {def.fireRange ? `range ${def.fireRange}, hits ${def.basePercent}%` : "no fire"}; {ACTION_WORDS[def.actionType]}. On {TERRAIN_WORDS[terrainAt(state.map, unit.hex)].split(" (")[0]} at {printedId(unit.hex)}.
      </span>
    </p>
  );
}

/** awaiting_activation: pick a unit (map or list), see what it could do, activate it. */
export function ActivatePanel(p: {
  state: MusketState;
  me: 0 | 1;
  focus: Unit | null;
  answer: UnitAnswer | null;
  busy: boolean;
  pick: (id: string | null) => void;
  send: (a: MusketAction) => void;
}) {
  const { state, focus, answer } = p;
  const ready = state.units.filter((u) => u.side === p.me && !u.activated);
  const own = focus && focus.side === p.me;
  return (
    <>
      {own && !focus.activated && (
        <button type="button" class="primary mk-wide" disabled={p.busy} onClick={() => p.send({ type: "activate", unit: focus.id })}>
          Activate {focus.id}
          {inCommand(state, focus) ? "" : ` (${commandPercent(state, focus)}% command check)`}
        </button>
      )}
      {!focus && (
        <p class="hint">
          {ready.length
            ? `Tap one of your lit units (${ready.length} not yet activated) to see its reach and targets.`
            : "All your units have acted: end your player turn."}
        </p>
      )}
      {focus && <UnitFacts state={state} unit={focus} />}
      {own && focus.activated && <p class="muted">{focus.id} has already acted this turn.</p>}
      {own && !focus.activated && answer && (
        <>
          <p class="mk-preview">
            {commandLine(state, focus)} · reach {answer.moveTargets.length} hex{answer.moveTargets.length === 1 ? "" : "es"} · {plural(answer.fireTargets.length, "fire target")} · {plural(answer.chargeTargets.length, "charge target")}
          </p>
        </>
      )}
      {ready.length > 0 && (
        <div class="mk-chips" role="group" aria-label="Units not yet activated">
          {ready.map((u) => (
            <button key={u.id} type="button" class={focus?.id === u.id ? "on" : ""} aria-pressed={focus?.id === u.id} onClick={() => p.pick(focus?.id === u.id ? null : u.id)}>
              {u.id}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
