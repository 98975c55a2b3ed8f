/** The rules in brief, in our own words (from shared/rules/musket.md), one tap away on the page. */
export function RulesCard() {
  return (
    <details class="card mk-rules" id="mk-rules">
      <summary>Rules in brief</summary>
      <h3>Turns</h3>
      <p>
        Each game turn both sides take a player turn. In yours, activate your units one at a time, in any order; each acts at most once per game turn.
        A unit more than its leader's radius away from every friendly leader is out of command: it acts only on a 50% roll (35% when very far), otherwise it
        loses its activation.
      </p>
      <h3>Moving</h3>
      <p>
        Every hex costs 1 MP: infantry and guns have 1, cavalry 2. No stacking, no zones of control. Only light infantry enter woods and may pass through
        friends; only infantry enter towns; nobody enters marsh, lakes or rivers (cross at bridges and fords). A unit that starts on a road and stays on
        it, away from enemies, gets 1 extra hex. Leaving a hilltop (except light infantry) needs a 50% roll.
      </p>
      <h3>Fire</h3>
      <p>
        Line infantry hit on 65%, light infantry, dragoons and guns on 50%; −15% against woods or towns, −15% for guns at 3–4 hexes. Range 2, guns 4.
        Woods, towns and any unit block the line of sight; a hill blocks it only when both ends are low. Guns on a hill see past one obstacle next to either end.
        Line infantry, dragoons and guns either move or fire; light infantry may fire and move.
      </p>
      <h3>Charge</h3>
      <p>
        Line infantry (never against cavalry), dragoons, light horse and horse charge an enemy they can reach with their MP. Each side rolls a d6 plus its SP
        (horse +1, −1 charging onto a hill). Lose or tie: the attacker loses 1 SP. Win by 1–2: 1 hit and the defender falls back (holds on a hill); by 3+:
        2 hits. A defender with nowhere to go takes one more hit. Infantry follow up into the hex; cavalry only when the defender is destroyed.
      </p>
      <h3>Morale and leaders</h3>
      <p>
        A unit that loses SP to the enemy checks morale: its SP fraction, +15% elite, +15% with a leader, −15% out of command. Failing costs 1 more SP and a
        retreat. A leader whose unit is hit falls 15% of the time; a successor with a smaller radius joins the nearest unit.
      </p>
      <h3>Winning</h3>
      <p>Each scenario lists its goals (destroy units, hold or take hexes, march off an edge), checked at the end of each game turn; at the turn limit, its named side or the stronger army wins.</p>
    </details>
  );
}
