/**
 * One English line per event (skirmish.md 18), and the summary of a position.
 */
import type { Summary } from "../ruleset";
import { DIE_KINDS, DIE_NAMES, type TestRecord } from "./dice";
import type { SkirmishEvent } from "./events";
import type { SkirmishState } from "./state";
import { hexName } from "./board";

const at = (h: readonly number[]) => hexName([h[0]!, h[1]!]);

/** "3 base + 1 modifier" for a pool. */
function dice(pool: TestRecord["active"]["pool"]): string {
  const parts = DIE_KINDS.filter((k) => pool[k] > 0).map((k) => `${pool[k]} ${DIE_NAMES[k]}`);
  return parts.length === 0 ? "no dice" : parts.join(" + ");
}

/** "3 base + 1 modifier against 2 base: hit, 1 cascade". */
export function testLine(t: TestRecord, passWord = "pass", failWord = "fail"): string {
  const verdict = t.pass ? `${passWord}, ${t.cascades} cascade${t.cascades === 1 ? "" : "s"}` : `${failWord} by ${t.misses}`;
  return `${dice(t.active.pool)} against ${dice(t.passive.pool)}: ${verdict} (${t.active.score} vs ${t.passive.score})`;
}

export function describeEvent(e: SkirmishEvent): string {
  switch (e.kind) {
    case "deployed":
      return e.from ? `${e.model} redeploys from ${at(e.from)} to ${at(e.hex)}` : `${e.model} deploys at ${at(e.hex)}`;
    case "deployment_ended":
      return `The ${e.side} has deployed`;
    case "turn_started":
      return `Turn ${e.turn} begins`;
    case "initiative": {
      const rolloffs = e.rollOffs.length > 0 ? ` after ${e.rollOffs.length} roll-off${e.rollOffs.length === 1 ? "" : "s"}` : "";
      return `Initiative, turn ${e.turn}: ${e.leaders.attacker ?? "no leader"} (${e.test.active.score}) against ${e.leaders.defender ?? "no leader"} (${e.test.passive.score}); the ${e.winner} wins${rolloffs}`;
    }
    case "activated":
      return `${e.model} activates with ${e.ap} AP${e.delayRemoved > 0 ? ` (${e.delayRemoved} Delay paid)` : ""}${e.compulsoryAp > 0 ? `, ${e.compulsoryAp} AP compulsory` : ""}`;
    case "pushed":
      return `${e.model} pushes: ${e.ap} AP`;
    case "moved":
      return `${e.model} moves ${at(e.from)} to ${at(e.to)} (${e.cost} MU)${e.charging ? `, charging ${e.charging}` : ""}${e.engages.length > 0 ? `, engaging ${e.engages.join(", ")}` : ""}`;
    case "disengaged":
      if (e.automatic) return `${e.model} disengages to ${at(e.to)} unopposed`;
      return `Disengage ${e.model} from ${e.opponent}: ${testLine(e.test!, "away", "held")}${e.passed ? `, to ${at(e.to)}` : ""}`;
    case "close_attack":
      if (e.coupDeGrace) return `${e.attacker} finishes off ${e.target} (coup de grâce)`;
      return `${e.weapon} attack by ${e.attacker} on ${e.target}${e.charge ? " (charging)" : ""}: ${testLine(e.hit!, "hit", "miss")}${damageLine(e)}`;
    case "range_attack":
      return `${e.weapon} shot by ${e.attacker} on ${e.target} at ${e.distance} (OR ${e.or}${e.cover.length > 0 ? `, ${e.cover.join(" and ")} cover` : ""}${e.obscured > 0 ? `, ${e.obscured} in the way` : ""}): ${testLine(e.hit, "hit", "miss")}${damageLine(e)}`;
    case "wounded":
      return `${e.model} takes ${e.received} wound${e.received === 1 ? "" : "s"}${e.cause === "stun" ? " from Delay overflow" : ""} (${e.wounds} in all)`;
    case "delay":
      return `${e.model} has ${e.delay} Delay token${e.delay === 1 ? "" : "s"} (${e.reason.replace(/_/g, " ")})`;
    case "status":
      return `${e.model} is ${e.status === "ko" ? "knocked out" : "eliminated"} (${e.cause.replace(/_/g, " ")})`;
    case "fear_test":
      return `Fear test for ${e.model}: ${testLine(e.test)}; Fear ${e.fearBefore} to ${e.fear}`;
    case "rally":
      return `${e.model} rallies ${e.target === e.model ? "itself" : e.target}: ${testLine(e.test)}; ${e.removed} Fear removed`;
    case "reloaded":
      return `${e.model} reloads its ${e.weapon}${e.left > 0 ? ` (${e.left} more needed)` : " (loaded)"}`;
    case "activation_ended":
      return `${e.model}'s activation ends${e.reason === "left_play" ? " as it leaves play" : ""}`;
    case "bottle_test":
      if (!e.test) return `The ${e.side} has no ordered model and bottles out`;
      return `Bottle test for the ${e.side} (${e.model}, DR ${e.dr}): ${testLine(e.test)}${e.bottled ? "; it bottles out" : "; it holds"}`;
    case "end_dice":
      return `END dice, turn ${e.turn}: ${e.faces.join(", ")}${e.ended ? ": the game ends" : ": play on"}`;
    case "game_over":
      return `Game over in turn ${e.turn} (${e.endedBy === "end_dice" ? "END dice" : "a side has no model in play"}): ${e.result === "draw" ? "a draw" : `the ${e.winners.join(" and ")} wins`}, VP ${e.vp.attacker}-${e.vp.defender}`;
  }
}

function damageLine(e: { damage: TestRecord | null; effectiveAR: number; raw: number; received: number }): string {
  if (!e.damage) return "";
  if (!e.damage.pass) return `; damage ${testLine(e.damage, "wounds", "no wound")}`;
  return `; damage ${testLine(e.damage, "wounds", "no wound")}, AR ${e.effectiveAR}: ${e.received} wound${e.received === 1 ? "" : "s"}`;
}

export function summarize(state: SkirmishState): Summary {
  const seat = state.activeSide === 0 ? "attacker" : "defender";
  if (state.phase === "game_over") return { turn: state.turn, phase: "game_over", line: state.outcome?.line ?? "The game is over." };
  if (state.phase === "deployment") return { turn: 0, phase: "deployment", line: `Deployment: the ${state.deploying === 1 ? "defender" : "attacker"} places its models.` };
  const activation = state.activation ? `, ${state.activation.model} active with ${state.activation.ap} AP` : "";
  return { turn: state.turn, phase: "turn", line: `Turn ${state.turn}: the ${seat} acts${activation}; END dice ${state.endDice}.` };
}

