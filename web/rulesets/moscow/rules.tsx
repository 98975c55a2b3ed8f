/** Battle for Moscow in brief: what a player needs at the table, in the order of play. */
export function MoscowRules() {
  return (
    <div class="rules-brief">
      <h3>Turn</h3>
      <p>Seven turns; turns 3 and 4 are mud. The German plays replacement, panzer movement, combat and movement; then the Soviet plays replacement, rail movement, combat and movement.</p>
      <h3>Movement</h3>
      <p>Clear costs 1, forest 2; rivers do not slow movement. No unit may end on another. Entering a hex next to an enemy (its zone of control) stops the unit. In mud every unit moves one hex. Soviet rail movement: units starting on a railway follow it, one point a hex.</p>
      <h3>Combat</h3>
      <p>Attack with any of your units next to an enemy; declare every battle of the phase at once, then resolve them. Odds are your total strength to the defender's, rounded down, at most 6:1 (halved attackers in mud). Shifts left: forest, Moscow, a Soviet fortification, every attacker across a river. Below 1:1 nothing happens.</p>
      <p>The attacker chooses losses, where a defender retreats (two hexes, not into enemy zones of control; with no way out it is eliminated) and whether a unit advances into the emptied hex.</p>
      <h3>Replacements</h3>
      <p>German one a turn (from turn 2), Soviet five: restore a half-strength unit, or bring an eliminated one back at half strength on your map edge or a city of yours in communication.</p>
      <h3>Victory</h3>
      <p>Whoever holds Moscow (1103) after turn 7 wins. A city changes hands when an enemy unit ends a move, retreat or advance in it.</p>
    </div>
  );
}
