/** A model's card: its name, its attributes as the rules read them now, its weapons and what it carries; with the AP it has left when it acts. */
import { attribute, type ModelState, type SkirmishState } from "./engine";
import { modelState, plural } from "./labels";

export function ModelCard({ state, m, ap }: { state: SkirmishState; m: ModelState; ap?: number }) {
  const a = (k: Parameters<typeof attribute>[1]) => attribute(m, k);
  return (
    <div class={`sk-card side-${m.side}`}>
      <div class="sk-card-head">
        <strong>
          {m.id} · {m.name}
        </strong>
        {ap !== undefined && <span class="sk-ap" aria-label={`${ap} action points left`}>{plural(ap, "AP", "AP")}</span>}
      </div>
      <div class="muted small">
        CCA {a("CCA")} RCA {a("RCA")} REF {a("REF")} · POW {a("POW")} STR {a("STR")} FOR {a("FOR")} · MOV {a("MOV")} · AR {m.profile.ar}
      </div>
      <div class="small">
        {m.profile.melee}
        {m.profile.ranged ? `, ${m.profile.ranged}${m.ammo > 0 ? " (needs reloading)" : " (loaded)"}` : ""} · {modelState(state, m)}
      </div>
    </div>
  );
}
