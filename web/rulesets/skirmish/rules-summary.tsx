/** The rules in brief, in the page's own words (from rules/skirmish.md), folded away until asked for. */
export function RulesSummary(props: { activationsInARow: number | "all" }) {
  const row = props.activationsInARow;
  return (
    <details class="card sk-rules">
      <summary>Rules in brief</summary>
      <p>
        Two small warbands fight on a hex board: one hex is one model's base. The game ends when a side has no model standing, or when the END dice (rolled from turn 5 in a small game) show a 1–3; then
        victory points are counted.
      </p>
      <h3>Turns</h3>
      <p>
        Each turn starts with an initiative roll.{" "}
        {row === 1
          ? "The winner activates one model, then the sides take turns activating one model each until every model has acted."
          : row === "all"
            ? "This game plays every activation in a row (a game option): the winner activates all its models, one after another, then the other side all of its."
            : `This game plays ${row} activations in a row (a game option; the rules as written have 1): the winner activates up to ${row} models, one after another, then the other side up to ${row}, and so on until every model has acted; a side with nothing left to activate is passed over.`}{" "}
        An activated model
        has 2 AP (action points); a Delay token costs 1 AP when it activates. <strong>Push</strong> gives +1 AP once, at the price of a Delay token.
      </p>
      <h3>Actions (1 AP each)</h3>
      <ul>
        <li>
          <strong>Move</strong> MOV + 2 hexes; rough ground, hedges and walls cost 2, buildings cannot be entered. A move stops next to an alert enemy.
        </li>
        <li>
          <strong>Close attack</strong> an adjacent enemy; a knocked-out enemy next to you is finished off without a roll.
        </li>
        <li>
          <strong>Shoot</strong> (not while engaged) an enemy in sight; longer range, cover and models in the way cost dice. Bows then need reloading.
        </li>
        <li>
          <strong>Disengage</strong>: a model next to an enemy must win a test (REF against its CCA) to step away.
        </li>
        <li>
          <strong>Rally</strong> a model nearby (or itself) to shed Fear.
        </li>
      </ul>
      <p>A second attack in one activation gives a Delay token.</p>
      <h3>Dice</h3>
      <p>
        Every test rolls <span class="sk-die b" /> Base, <span class="sk-die m" /> Modifier and <span class="sk-die w" /> Wild dice. 4 and 5 score one success; a 6 scores 2 on a Base die,
        1 on a Modifier die and 3 on a Wild die. Each side starts with 2 Base dice; bonuses add dice to your pool, penalties add dice to the other side's, then equal dice cancel out.
        Score = attribute + successes; the attacker wins ties. Each success over the defender is a cascade.
      </p>
      <h3>Wounds and morale</h3>
      <p>
        A hit rolls damage (weapon against FOR); cascades become wounds, less the armour the weapon's Impact leaves. 3 wounds knock a model out, 6 eliminate it. Every kind of token a
        model carries (Wound, Delay, Fear) costs it a die on its tests (not on damage). A wounded model tests for Fear: at 2 Fear it must use its first AP to get away or rally, at 4 it flees the
        field. A side down to half its models must pass a Bottle test each turn or quit the field.
      </p>
      <h3>On the map</h3>
      <p>
        Tap one of your lit models to activate it, then a yellow hex to move, a red enemy to see the odds of an attack (a second tap on the button rolls), green to disengage. Moves
        can be undone until sent; anything that rolls dice is sent at once.
      </p>
    </details>
  );
}
