/** Drafting battles: the enemy units the viewer can attack (legal()'s lists), the attackers, the odds. */
import { computeOdds, hexLabel, isMud, unitDef, type MoscowState } from "./engine";

/** The column a battle would be fought on, and why it shifted, before the viewer commits to it. */
function OddsBox({ state, attackers, defender }: { state: MoscowState; attackers: string[]; defender: string }) {
  const o = computeOdds(state, attackers, defender);
  const names: Record<string, string> = { forest: "defender in forest", moscow: "defender in Moscow", fortification: "Soviet defender in a fortification", river: "every attacker across a river" };
  return (
    <div class="odds" aria-live="polite">
      <div>
        Attack <strong>{o.attack}</strong>
        {isMud(state.turn) ? " (halved for mud)" : ""} against defence <strong>{o.defense}</strong>: raw odds <strong>{o.odds}</strong>
      </div>
      {o.terrainModifiers.length > 0 && (
        <ul class="shifts">
          {o.terrainModifiers.map((m) => (
            <li key={m}>one column left: {names[m] ?? m}</li>
          ))}
        </ul>
      )}
      <div class={`final${o.column === 0 ? " none" : ""}`}>
        Final column: <strong>{o.modifiedOdds}</strong>
        {o.column === 0 ? " (no effect, no die)" : ""}
      </div>
    </div>
  );
}

export function DeclarePanel(p: {
  state: MoscowState;
  attacks: { defender: string; possibleAttackers: string[] }[];
  draft: { attackers: string[]; defender: string }[];
  cur: { attackers: string[]; defender: string | null };
  setCur: (c: { attackers: string[]; defender: string | null }) => void;
  onRemove: (i: number) => void;
}) {
  const { cur } = p;
  const usedA = new Set(p.draft.flatMap((b) => b.attackers));
  const usedD = new Set(p.draft.map((b) => b.defender));
  const pa = cur.defender ? p.attacks.find((a) => a.defender === cur.defender) : null;
  const futile = !!cur.defender && cur.attackers.length > 0 && computeOdds(p.state, cur.attackers, cur.defender).column === 0;
  // once an enemy unit is picked, its battle alone: the attackers and the odds fit a phone's sheet above the bar that adds it
  return (
    <div class="declare">
      {!cur.defender && <p class="hint">Tap an enemy unit to attack (red), then the units that attack it. Add each battle, then declare them all at once (the buttons at the foot).</p>}
      <div class="tray" role="group" aria-label="Enemy units you can attack">
        {p.attacks
          .filter((a) => !usedD.has(a.defender) && (!cur.defender || cur.defender === a.defender))
          .map((a) => (
            <button
              key={a.defender}
              type="button"
              class={`chip side-${unitDef(a.defender)?.side}${cur.defender === a.defender ? " on" : ""}`}
              aria-pressed={cur.defender === a.defender}
              onClick={() =>
                p.setCur(cur.defender === a.defender ? { attackers: [], defender: null } : { defender: a.defender, attackers: cur.attackers.filter((x) => a.possibleAttackers.includes(x)) })
              }
            >
              Attack {a.defender}
            </button>
          ))}
      </div>
      {pa && (
        <div class="tray" role="group" aria-label={`Units that can attack ${cur.defender}`}>
          {pa.possibleAttackers
            .filter((a) => !usedA.has(a))
            .map((a) => {
              const on = cur.attackers.includes(a);
              return (
                <button
                  key={a}
                  type="button"
                  class={`chip side-${unitDef(a)?.side}${on ? " on" : ""}`}
                  aria-pressed={on}
                  onClick={() => p.setCur({ ...cur, attackers: on ? cur.attackers.filter((x) => x !== a) : [...cur.attackers, a] })}
                >
                  {on ? "✓ " : ""}
                  {a}
                </button>
              );
            })}
        </div>
      )}
      {cur.defender && cur.attackers.length > 0 && <OddsBox state={p.state} attackers={cur.attackers} defender={cur.defender} />}
      {cur.defender && futile && <p class="warn-line" role="status">Below 1:1 no die is rolled and the battle has no effect. Add attackers, or attack another unit.</p>}
      {p.draft.length > 0 && (
        <ol class="battles">
          {p.draft.map((b, i) => {
            const o = computeOdds(p.state, b.attackers, b.defender);
            return (
              <li key={i}>
                {b.attackers.join(" + ")} against {b.defender} at {hexLabel(p.state.units.find((u) => u.id === b.defender)!.position!)}:{" "}
                <strong>{o.modifiedOdds}</strong>
                {o.odds !== o.modifiedOdds ? ` (raw ${o.odds})` : ""}{" "}
                <button type="button" class="small" aria-label={`Remove battle ${i + 1}`} onClick={() => p.onRemove(i)}>
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
