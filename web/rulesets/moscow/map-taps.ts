/**
 * What a tap (or Enter) on a map cell means, phase by phase: pick or swap setup units, pick
 * an owed retreat or advance, say why a unit cannot move (moves themselves go through the
 * board's choices), build battles, place a replacement.
 */
import { legal, unitDef } from "./engine";
import { cell } from "./cells";
import type { MoscowPlay } from "./play";

export function tapCell(play: MoscowPlay, c: string) {
  const { me, local, sel, setSel, setError, pending, placed, setPlaced, draft, setDraft, cur, setCur, movable, attacks, repl, setup } = play;
  if (!play.myTurn || play.busy) return;
  setError(null);
  const unit = play.occupied.get(c) ?? null;
  const mine = unit !== null && unitDef(unit)?.side === me;

  if (play.isSetup) {
    const setupCells = (setup.setupHexes ?? []).map(cell);
    const draftAt = Object.entries(placed).find(([, v]) => v === c)?.[0] ?? null;
    if (draftAt) {
      if (sel && sel !== draftAt && placed[sel]) {
        // swap two placed units
        setPlaced({ ...placed, [sel]: c, [draftAt]: placed[sel]! });
        setSel(null);
      } else setSel(sel === draftAt ? null : draftAt);
      return;
    }
    if (sel && setupCells.includes(c)) {
      setPlaced({ ...placed, [sel]: c });
      setSel(null);
      return;
    }
    setSel(null);
    return;
  }

  if (pending) {
    if (pending.kind === "retreat") {
      const opts = pending.options.filter((o) => o.type === "retreat" && cell(o.path.at(-1)) === c);
      if (opts.length === 1) play.chooseOption(opts[0]!);
    } else if (pending.kind === "advance" && unit) {
      const opt = pending.options.find((o) => o.type === "advance" && o.unitId === unit);
      if (opt) play.chooseOption(opt);
    } else if (pending.kind === "advance") {
      const opts = pending.options.filter((o) => o.type === "advance" && o.unitId !== null);
      const battle = local.pendingBattles[pending.battleIndex];
      if (opts.length === 1 && battle?.defenderHex && cell(battle.defenderHex) === c) play.chooseOption(opts[0]!);
    }
    return;
  }

  if (play.isMove) {
    // the board itself selects movable units and takes their moves; other taps land here
    if (mine && !movable.has(unit!)) {
      const why = legal(local, me!, { unitId: unit! }) as { reason?: string };
      setError(why.reason ?? `${unit} has nowhere to go.`);
    }
    return;
  }

  if (play.isDeclare && attacks) {
    if (unit && !mine) {
      const inDraft = draft.findIndex((b) => b.defender === unit);
      if (inDraft >= 0) {
        // take a drafted battle back for editing
        const b = draft[inDraft]!;
        setDraft(draft.filter((_, i) => i !== inDraft));
        setCur({ attackers: b.attackers, defender: b.defender });
        return;
      }
      const pa = attacks.find((a) => a.defender === unit);
      if (!pa) {
        setError(`${unit} cannot be attacked: none of your units is next to it.`);
        return;
      }
      if (cur.defender === unit) setCur({ attackers: [], defender: null });
      else setCur({ defender: unit, attackers: cur.attackers.filter((a) => pa.possibleAttackers.includes(a)) });
      return;
    }
    if (unit && mine) {
      const used = draft.findIndex((b) => b.attackers.includes(unit));
      if (used >= 0) {
        setError(`${unit} already attacks in battle ${used + 1}. Tap its defender to change that battle.`);
        return;
      }
      if (cur.attackers.includes(unit)) {
        setCur({ ...cur, attackers: cur.attackers.filter((a) => a !== unit) });
        return;
      }
      if (cur.defender) {
        const pa = attacks.find((a) => a.defender === cur.defender);
        if (!pa?.possibleAttackers.includes(unit)) {
          setError(`${unit} is not next to ${cur.defender}.`);
          return;
        }
      } else if (!attacks.some((a) => a.possibleAttackers.includes(unit))) {
        setError(`${unit} is not next to any enemy unit.`);
        return;
      }
      setCur({ ...cur, attackers: [...cur.attackers, unit] });
      return;
    }
    setCur({ attackers: [], defender: null });
    return;
  }

  if (play.isRepl) {
    // placing goes through the board's choices; a tap on a restorable unit picks it
    if (mine && (repl.restorableUnits ?? []).includes(unit!)) {
      setSel(sel === unit ? null : unit);
      return;
    }
    setSel(null);
  }
}
