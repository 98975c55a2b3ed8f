/** The rules in brief, in the page's own words (the reference is shared/rules/warshard.md); loaded when the card is opened (index.tsx). */
import type { RulesTables } from "./rules-data";

export function WarshardRules({ tables }: { tables: RulesTables }) {
  return (
    <>
      <p>
        Two sides take turns; each player-turn has phases. <b>Move</b> your units, then <b>attack</b> enemy hexes next to your melee units, add
        artillery and air wings as <b>support</b>; the enemy then adds its own support to the <b>defence</b>. Every fight is rolled at once, losers
        retreat, and you may <b>advance</b> into a hex you emptied. Whoever holds more victory points when the last turn ends wins.
      </p>
      <h4>Counters</h4>
      <p>
        Each counter shows its id, a symbol and Power-Defence-Mobility (support units also show their Range in the corner).
      </p>
      <table class="ws-units">
        <thead>
          <tr>
            <th>Unit</th>
            <th>P-D-M</th>
            <th>Range</th>
          </tr>
        </thead>
        <tbody>
          {tables.units.map((u) => (
            <tr key={u.name}>
              <td>{u.name}</td>
              <td>{u.values}</td>
              <td>{u.range}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>Movement</h4>
      <p>
        A unit spends movement points per hex: 1 on plains, ½ on a road, 2 in cities, forest, hills and defences; water and impassable hexes are
        closed. Units never pass through other units. Entering a hex next to an enemy unit (its zone of control) ends the move.
      </p>
      <h4>Combat</h4>
      <p>
        Attack = the Power of every attacking unit and attacking support. Defence = the defending unit's Defence (doubled in cities, forest, hills
        and defences) plus the Power of defending support. The ratio, rounded for the defender, picks a column from 1-2 to 6-1; below 1-2 nothing
        happens. A side out of supply (more than 4 hexes from its HQ, or cut by enemy units and zones) loses a column. Undefended support units and
        HQs are destroyed without a die.
      </p>
      <p>
        Results: <b>dr</b> the defender retreats one hex (the attacker chooses where), <b>ar</b> the attacking melee units retreat (the defender
        chooses), <b>EX</b> the defender and the attacker's weakest unit are lost, <b>DE</b>/<b>AE</b> the defender's/attacker's whole side of the
        fight is lost, <b>S</b> nothing. A unit with nowhere to retreat (only hexes free of enemy zones count) is lost.
      </p>
      <h4>Upkeep</h4>
      <p>
        Advances, reinforcements, then one die per lost unit while one of your replacement points is empty and in supply: 5-6 it comes back
        there, 4 it waits for the next upkeep, 1-3 it is gone for good. Movement points per hex: {tables.moveCosts}.
      </p>
    </>
  );
}
