/**
 * The phase panels of the skirmish page: the active model with its AP and tokens, the actions
 * that are not a tap on the map (push, reload, rally, end), and the preview of a rolling action
 * (each test's pools and exact chance) with the button that commits it.
 */
import { modelById, type SkirmishChoice, type SkirmishState } from "./engine";
import { cell } from "./board";
import { plural } from "./labels";
import { ModelCard } from "./model-card";
import { PoolDice } from "./dice";
import { attackPreview, testPreview, type TestPreview } from "./preview";
import type { SkirmishPlay } from "./play";

const pct = (x: number) => `${x >= 0.995 && x < 1 ? ">99" : x > 0 && x < 0.005 ? "<1" : Math.round(x * 100)}%`;

function TestBox({ title, t }: { title: string; t: TestPreview }) {
  return (
    <div class="sk-test">
      <div class="sk-test-head">
        <span>{title}</span>
        <strong class="sk-chance">{pct(t.chance)}</strong>
      </div>
      <div class="sk-vs">
        <span>
          {t.active.attr} {t.active.value} +{" "}
          <PoolDice pool={t.active.pool} />
        </span>
        <span class="muted">against</span>
        <span>
          {t.passive.attr} {t.passive.value} +{" "}
          <PoolDice pool={t.passive.pool} />
        </span>
      </div>
      {t.modifiers.length > 0 && <div class="muted small">{t.modifiers.map((x) => `${x.name} ${x.side === "active" ? "" : "(them) "}${x.dice}`).join(" · ")}</div>}
    </div>
  );
}

/** The rolling choices on the picked hex, each with its tests and a button to commit it. */
export function PickedPanel({ play }: { play: SkirmishPlay }) {
  const { local, pickedChoices, turn } = play;
  if (!pickedChoices.length) return null;
  return (
    <div class="sk-picked" aria-live="polite">
      {pickedChoices.map((c, i) => (
        <ChoiceBox key={i} state={local} c={c} busy={turn.busy} onGo={() => play.act(c.action, c.label)} />
      ))}
      <button type="button" class="sk-cancel" onClick={() => play.setPicked(null)}>
        Cancel
      </button>
    </div>
  );
}

const VERB: Record<string, string> = { close_attack: "Attack", range_attack: "Shoot", disengage: "Disengage", rally: "Rally" };

function ChoiceBox({ state, c, busy, onGo }: { state: SkirmishState; c: SkirmishChoice; busy: boolean; onGo: () => void }) {
  const a = c.action;
  const preview = attackPreview(state, c);
  const test = preview ? null : testPreview(state, c);
  const target = "target" in a ? modelById(state, a.target) : undefined;
  const go = (
    <button type="button" class="primary sk-go" disabled={busy} onClick={onGo}>
      {a.type === "close_attack" && !c.odds ? "Finish it off" : (VERB[a.type] ?? "Do it")}
      {c.odds ? ` (${pct(c.odds.chance)}) — rolls now` : ""}
    </button>
  );
  return (
    <div class="sk-choice">
      <p class="sk-choice-title">{c.label}</p>
      {preview ? (
        <>
          <TestBox title="Hit test: chance to hit" t={preview.hit} />
          {go}
          <TestBox title="Damage test, if it hits" t={preview.damage} />
          <p class="small">
            Armour {preview.damage.ar} less Impact {preview.damage.impact}: {preview.damage.effectiveAR === 0 ? "any pass wounds" : `a wound needs ${preview.damage.needCascades}+ cascades`}. A hit wounds at least{" "}
            <strong>{pct(preview.damage.wound)}</strong> of the time (a hit's carry-over dice add to that).
          </p>
        </>
      ) : (
        <>
          {test ? (
            <TestBox title={`${a.type === "disengage" ? "Disengage" : "Rally"} test: chance to pass`} t={test} />
          ) : (
            <p class="small">{a.type === "close_attack" ? "No roll: the knocked-out model is eliminated." : "No roll: nobody can stop it."}</p>
          )}
          {go}
        </>
      )}
      {target && target.id !== state.activation?.model && <ModelCard state={state} m={target} />}
    </div>
  );
}

/** What the active model can do besides tapping the map, as buttons. */
export function ActivationPanel({ play }: { play: SkirmishPlay }) {
  const { local, choices, active, act } = play;
  if (!active || !local.activation) return null;
  const act_ = local.activation;
  const by = (t: string) => choices.filter((c) => c.action.type === t);
  const moves = by("move").length;
  const disengages = by("disengage").length;
  const targets = choices.filter((c) => c.action.type === "close_attack" || c.action.type === "range_attack" || c.action.type === "rally");
  const compulsory = act_.compulsoryApLeft > 0;
  return (
    <div class="sk-activation">
      <ModelCard state={local} m={active} ap={act_.ap} />
      {compulsory && (
        <p class="sk-compulsory" role="status">
          {active.id} is {active.fear >= 3 ? "Panicked" : "Disordered"}: {plural(act_.compulsoryApLeft, "AP")} must go to {moves ? "moving away from the enemy" : disengages ? "disengaging" : "rallying itself"}.
        </p>
      )}
      <p class="hint">
        {moves > 0 && `Tap a yellow hex to move (${moves} reachable). `}
        {disengages > 0 && `Tap a green hex to disengage (a test). `}
        {targets.some((c) => c.action.type !== "rally") && "Tap a red-lit enemy to see the odds. "}
        {!moves && !disengages && !targets.length && (act_.ap === 0 ? "No AP left: end the activation." : "Nothing to do on the map: end the activation.")}
      </p>
      {targets.length > 0 && (
        <div class="options" role="group" aria-label="Targets">
          {targets.map((c, i) => (
            <button key={i} type="button" class="option" onClick={() => play.setPicked(cell(c.to))}>
              {c.label}
            </button>
          ))}
        </div>
      )}
      <div class="buttons">
        {by("push").map((c) => (
          <button key="push" type="button" onClick={() => act(c.action, c.label)} title="+1 AP now; the model takes a Delay token">
            Push (+1 AP)
          </button>
        ))}
        {by("reload").map((c) => (
          <button key="reload" type="button" onClick={() => act(c.action, c.label)}>
            Reload
          </button>
        ))}
      </div>
    </div>
  );
}
