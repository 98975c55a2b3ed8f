/** The new-game form's choice of game: the ruleset, its scenario and its options. */
import type { NewGameForm } from "./useNewGameForm";

export function GameFieldsets({ form }: { form: NewGameForm }) {
  const { rulesets, rid, rs, scenario, pick } = form;
  return (
    <>
      <fieldset>
        <legend>Game</legend>
        {rulesets?.map((r) => (
          <label key={r.id} class="choice">
            <input type="radio" name="ruleset" value={r.id} checked={rid === r.id} onChange={() => pick(r)} />
            <span>{r.title}</span>
          </label>
        ))}
      </fieldset>
      {rs && (
        <fieldset>
          <legend>Scenario</legend>
          {rs.scenarios.map((s) => (
            <label key={s.id} class="choice">
              <input type="radio" name="scenario" value={s.id} checked={scenario === s.id} onChange={() => pick(rs, s.id)} />
              <span>
                <strong>{s.title}</strong>
                <small>{s.line}</small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {rs && rs.options.length > 0 && <OptionsFieldset form={form} />}
    </>
  );
}

function OptionsFieldset({ form }: { form: NewGameForm }) {
  const { rs, options, chooseOption } = form;
  return (
    <fieldset>
      <legend>Options</legend>
      {rs?.options.map((o) => (
        <label key={o.name} class="field">
          <span>{o.title}</span>
          <select name={o.name} value={options[o.name]} onChange={(e) => chooseOption(o.name, (e.target as HTMLSelectElement).value)}>
            {o.choices.map((c) => (
              <option key={String(c)} value={String(c)}>
                {String(c)}
                {c === o.default ? " (standard)" : c === o.defaultBetweenHumans ? " (suggested between people)" : ""}
              </option>
            ))}
          </select>
          <small>{o.line}</small>
        </label>
      ))}
    </fieldset>
  );
}
