/** The rules in brief, in our own words (from shared/rules/dicewars.md), one tap away on the page. */
export function RulesCard() {
  return (
    <details class="card dw-rules" id="dw-rules">
      <summary>Rules in brief</summary>
      <h3>The board</h3>
      <p>
        Each player starts with one cell of strength 8. A cell holds a strength from 1 to 48, drawn as dice of six: 14 is two full dice and one of two.
        Grey cells are blocked; pale cells are empty.
      </p>
      <h3>Your turn</h3>
      <p>
        Make as many moves as you like from your cells of strength 2 or more, then end the turn. Into an empty neighbour: it becomes yours with one
        less than the source's strength, and the source drops to 1. Against an enemy neighbour: you roll a number from 1 to (your strength − 1), they roll
        one from 1 to their strength; higher wins, ties hold. Win: the cell is yours with your roll − 1. Lose: it keeps their roll minus yours (at least 1).
        Either way your source drops to 1.
      </p>
      <h3>Supply</h3>
      <p>
        When you end your turn you get as many points as your largest group of connected cells has cells; each goes to one of your cells at random (none
        above 48).
      </p>
      <h3>Winning</h3>
      <p>A player with no cells is out; the last one with cells wins. With a round limit, the most cells win at the end (then the most strength).</p>
    </details>
  );
}
