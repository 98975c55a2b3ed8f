/** The decision panels: which unit to activate, and what the acting unit does (move, fire, charge, leave, end). */
import { commandPercent, inCommand } from "../../../worker/engine/musket/command";
import { needsTerrainCheck } from "../../../worker/engine/musket/terrain-check";
import { UNIT_DEFS, printedId, terrainAt, type MusketAction, type MusketState, type Unit, type UnitAnswer } from "./engine";
import { leaderOf, pct, plural, readyHint, sideName, TERRAIN_WORDS } from "./labels";
import { chargeOdds, sightLine } from "./sight";

/** The command state of an own unit in words. */
function commandLine(state: MusketState, u: Unit): string {
  if (inCommand(state, u)) return "in command";
  return `out of command: ${commandPercent(state, u)}% to act`;
}

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
          {readyHint(ready.length)}
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

/** The acting unit: its MP, what it may still do, and the enemy aimed at. */
export function ActionPanel(p: {
  state: MusketState;
  unit: Unit;
  answer: UnitAnswer;
  target: Unit | null;
  busy: boolean;
  aim: (id: string | null) => void;
  send: (a: MusketAction) => void;
}) {
  const { state, unit, answer, target } = p;
  const def = UNIT_DEFS[unit.type];
  const nothing = answer.moveTargets.length + answer.fireTargets.length + answer.chargeTargets.length === 0 && !answer.canExit;
  return (
    <>
      {target && <TargetCard state={state} unit={unit} target={target} answer={answer} busy={p.busy} send={p.send} />}
      {!target && (
      <p class="hint">
          {nothing
            ? "Nothing more this unit can do: end its activation."
            : `${answer.moveTargets.length ? "Tap a lit hex to move. " : ""}${answer.fireTargets.length || answer.chargeTargets.length ? "Tap an enemy to aim: sight and odds show before any roll." : ""}`}
        </p>
      )}
      {needsTerrainCheck(state, unit) && (answer.moveTargets.length > 0 || answer.chargeTargets.length > 0) && (
        <p class="warn">On a hilltop: leaving it by a move, charge or exit needs a 50% check; a failed move spends all its MP.</p>
      )}
      {def.actionType === "move_or_fire" && answer.fireTargets.length > 0 && answer.moveTargets.length > 0 && (
        <p class="muted small">It may move or fire this activation, not both.</p>
      )}
      {answer.fireTargets.length > 0 && (
        <div class="mk-targets" role="group" aria-label="Fire targets">
          {answer.fireTargets.map((t) => (
            <button key={t.unit} type="button" class={`fire${target?.id === t.unit ? " on" : ""}`} aria-pressed={target?.id === t.unit} onClick={() => p.aim(target?.id === t.unit ? null : t.unit)}>
              Fire: {t.unit} <span class="mk-chance">{pct(t.chance)}</span>
            </button>
          ))}
        </div>
      )}
      {answer.chargeTargets.length > 0 && (
        <div class="mk-targets" role="group" aria-label="Charge targets">
          {answer.chargeTargets.map((t) => (
            <button key={t.unit} type="button" class={`charge${target?.id === t.unit ? " on" : ""}`} aria-pressed={target?.id === t.unit} onClick={() => p.aim(target?.id === t.unit ? null : t.unit)}>
              Charge: {t.unit} <span class="mk-chance">{pct(1 - chargeOdds(t.attackerBase, t.defenderBase).repulsed)}</span>
            </button>
          ))}
        </div>
      )}
      {answer.canExit && (
        <button type="button" class="mk-wide" disabled={p.busy} onClick={() => p.send({ type: "exit" })}>
          Leave the map with {unit.id}
        </button>
      )}
    </>
  );
}

/** An enemy aimed at: the line of sight, the hit chance and the charge odds, and the buttons that roll. */
function TargetCard(p: { state: MusketState; unit: Unit; target: Unit; answer: UnitAnswer; busy: boolean; send: (a: MusketAction) => void }) {
  const { state, unit, target, answer } = p;
  const fire = answer.fireTargets.find((t) => t.unit === target.id);
  const charge = answer.chargeTargets.find((t) => t.unit === target.id);
  const sight = sightLine(state, unit, target);
  const def = UNIT_DEFS[unit.type];
  const cover = terrainAt(state.map, target.hex) === "woods" || terrainAt(state.map, target.hex) === "town";
  let why = "";
  if (!fire) {
    if (def.fireRange === 0) why = `${def.name} never fire.`;
    else if (unit.fired) why = "It has already fired.";
    else if (def.actionType === "move_or_fire" && unit.mpUsed > 0) why = "It has moved, so it cannot fire.";
    else if (!sight.inRange) why = `Out of range (${sight.distance} hexes, range ${def.fireRange}).`;
    else if (!sight.clear) why = `No line of sight: blocked at ${sight.blockers.map(printedId).join(", ")}.`;
  }
  const odds = charge ? chargeOdds(charge.attackerBase, charge.defenderBase) : null;
  return (
    <div class="mk-target" aria-live="polite">
      <p>
        <strong>{target.id}</strong>: {UNIT_DEFS[target.type].name}, {target.sp} of {target.maxSp} SP{target.elite ? ", elite" : ""}
        {leaderOf(state, target) ? ", with a leader" : ""}, {sight.distance} hex{sight.distance === 1 ? "" : "es"} away.
      </p>
      {(fire || (charge && odds)) && (
        <div class="mk-rollbuttons">
          {fire && (
            <button type="button" class="primary" disabled={p.busy} onClick={() => p.send({ type: "fire", target: target.id })}>
              Fire at {target.id} ({pct(fire.chance)})
            </button>
          )}
          {charge && odds && (
            <button type="button" class="primary charge" disabled={p.busy} onClick={() => p.send({ type: "charge", target: target.id })}>
              Charge {target.id} ({pct(1 - odds.repulsed)} to win)
            </button>
          )}
        </div>
      )}
      {fire ? (
        <p class="muted small">
          Fire: {def.basePercent}% {def.name}
          {cover ? ", −15% cover" : ""}
          {unit.type === "artillery" && fire.distance >= 3 ? ", −15% long range" : ""} = <strong>{pct(fire.chance)}</strong> to hit; a hit costs 1 SP (2 SP one time in six), then a morale check.
        </p>
      ) : (
        why && <p class="muted small">Fire: {why}</p>
      )}
      {charge && odds && (
        <p class="muted small">
          Charge: {charge.attackerBase} + d6 against {charge.defenderBase} + d6. Repulsed (you lose 1 SP) {pct(odds.repulsed)}; 1 hit {pct(odds.oneHit)}; 2 hits {pct(odds.twoHits)}.
          {terrainAt(state.map, target.hex) === "hilltop" ? " On the hill a 1-hit win leaves the defender in place." : ""}
        </p>
      )}
    </div>
  );
}

