/** The dice of the Fights in a batch or a replay step: odds, die and result. */
import { Die } from "../../components/Die";
import type { GameEventJson } from "../../api";
import { columnText, RESULT_TEXT } from "./labels";

export function FightRolls({ events }: { events: GameEventJson[] }) {
  const fights = events.filter((e) => e.kind === "fight_resolved");
  if (!fights.length) return null;
  return (
    <ul class="ws-rolls">
      {fights.map((e, i) => (
        <li key={i}>
          <Die value={(e.die as number | null) ?? null} size={40} />
          <span>
            <b>{e.attack as number}</b> vs <b>{e.defence as number}</b> → <span class={`ws-col c-${e.column}`}>{columnText(String(e.column))}</span>
            <br />
            <strong class={`r-${e.result}`}>
              {String(e.result) === "none" || String(e.result) === "auto" ? "" : `${e.result}: `}
              {RESULT_TEXT[String(e.result)] ?? String(e.result)}
            </strong>
          </span>
        </li>
      ))}
    </ul>
  );
}
