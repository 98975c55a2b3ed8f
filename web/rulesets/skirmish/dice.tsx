/**
 * Dice as the page shows them: a pool as coloured dice counts (Base white, Modifier red, Wild
 * yellow), and a rolled test as its faces, the scores and the verdict.
 */
import type { GameEventJson } from "../../api";
import type { Pool, TestRecord } from "./engine";

const KINDS = ["b", "m", "w"] as const;
const KIND_WORD = { b: "Base", m: "Modifier", w: "Wild" } as const;

export function PoolDice({ pool }: { pool: Pool }) {
  const n = pool.b + pool.m + pool.w;
  return (
    <span class="sk-pool" aria-label={KINDS.filter((k) => pool[k] > 0).map((k) => `${pool[k]} ${KIND_WORD[k]}`).join(", ") || "no dice"}>
      {KINDS.flatMap((k) => Array.from({ length: pool[k] }, (_, i) => <span key={`${k}${i}`} class={`sk-die ${k}`} aria-hidden="true" />))}
      {n === 0 && <span class="muted">no dice</span>}
    </span>
  );
}

const TEST_WORD: Record<string, string> = {
  initiative: "Initiative",
  hit_close: "Hit (close combat)",
  hit_range: "Hit (range)",
  damage: "Damage",
  disengage: "Disengage",
  fear: "Fear",
  rally: "Rally",
  bottle: "Bottle",
};

function Faces({ faces }: { faces: TestRecord["active"]["faces"] }) {
  return (
    <span class="sk-faces">
      {KINDS.flatMap((k) =>
        faces[k].map((v, i) => (
          <span key={`${k}${i}`} class={`sk-die ${k} face`} title={`${KIND_WORD[k]} die: ${v}`}>
            {v}
          </span>
        )),
      )}
    </span>
  );
}

/** One rolled test: who rolled what, the two scores and the verdict. */
export function TestRoll({ t }: { t: TestRecord }) {
  const side = (s: TestRecord["active"], dr = 0) => (
    <div class="sk-roll-side">
      <span class="sk-who">
        {s.model ?? "System"} {s.attr} {s.value}
        {dr ? ` + DR ${dr}` : ""}
      </span>
      <Faces faces={s.faces} />
      <span class="sk-score">= {s.score}</span>
    </div>
  );
  return (
    <div class={`sk-roll ${t.pass ? "pass" : "fail"}`}>
      <div class="sk-roll-head">
        <strong>{TEST_WORD[t.test] ?? t.test}</strong>{" "}
        <span class={t.pass ? "pass" : "fail"}>{t.pass ? `passed, ${t.cascades} cascade${t.cascades === 1 ? "" : "s"}` : `failed by ${t.misses}`}</span>
      </div>
      {side(t.active)}
      {side(t.passive, t.dr)}
    </div>
  );
}

/** Every test the events rolled, in order (attacks, disengages, fear, rally, bottle, initiative). */
export function Rolls({ events }: { events: readonly GameEventJson[] }) {
  const tests: TestRecord[] = [];
  for (const e of events) {
    for (const k of ["hit", "damage", "test"] as const) {
      const t = e[k] as TestRecord | null | undefined;
      if (t && typeof t === "object" && "active" in t) tests.push(t);
    }
  }
  if (!tests.length) return null;
  return (
    <div class="sk-rolls">
      {tests.map((t, i) => (
        <TestRoll key={i} t={t} />
      ))}
    </div>
  );
}
