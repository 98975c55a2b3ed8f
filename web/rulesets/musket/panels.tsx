/** The acting unit's panel: what it may still do (move, fire, charge, leave) and the enemy aimed at, built on its legal answer. */
import { needsTerrainCheck } from "../../../worker/engine/musket/terrain-check";
import { UNIT_DEFS, printedId, terrainAt, type MusketAction, type MusketState, type Unit, type UnitAnswer } from "./engine";
import { leaderOf, pct } from "./labels";
import { chargeOdds, sightLine } from "./sight";

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

