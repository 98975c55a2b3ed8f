/**
 * Reads a reply's own text against the menu it answers: numbers ("2", "1 3", "1, 3 and end"),
 * or a choice's words ("retreat to 0405", "end"), a word sequence matching exactly one
 * label. Anything it cannot read with certainty is refused with a line that says why: a
 * reply that is misread is a wrong move, a refused one costs the player a second mail.
 */
import type { MailMenu } from "../mail/menu";
import { MAX_OWN_LINES } from "./text";

export type Reading = { ok: true; picks: number[] } | { ok: false; why: "unreadable" | "not_on_menu"; line: string };

/** Words that say nothing about the choice: greetings, politeness, "I'll take". */
const FILLER = new Set(
  (
    "i i'll ill im i'm go with take choose chose pick option options choice number no. nr # the a an to of at in on for please pls thanks thank you thx ty ok okay " +
    "let's lets do my answer is will then and also first next hi hello hey dear cheers best regards sure that one it's its this me would like want"
  ).split(" "),
);

/** What a yes or a no means on a proposal's or a rematch's menu (item 1 is yes, item 2 no). */
const YES = new Set(["yes", "y", "agree", "agreed", "accept", "accepted", "fine", "sure", "ok", "okay", "yep", "yeah", "again", "rematch", "play"]);
const NO = new Set(["no", "n", "decline", "declined", "refuse", "nope", "not", "don't", "dont", "reject"]);

const words = (s: string): string[] =>
  s
    .toLowerCase()
    // a comma between digits belongs to a cell ("6,1"), elsewhere it separates
    .split(/[\s;:!?()"“”*]+|,(?!\d)|(?<!\d),/)
    .map((w) => w.replace(/^[.'‘’]+|[.'‘’]+$/g, ""))
    .filter(Boolean);

/** A word that is a menu number: a single digit, perhaps written "#2", "2.", "2)". */
const pickOf = (w: string): number | null => (/^#?[1-9][.)]?$/.test(w) ? Number(w.replace(/\D/g, "")) : null);

/** The one item whose label holds every word of the phrase, or why there is not one. */
function matchPhrase(menu: MailMenu, phrase: string[]): number | "none" | "several" {
  if (menu.kind !== "turn") {
    // "Agreed, enjoy the holiday": a yes or a no among words no label has; both at once is no answer
    const yes = phrase.some((w) => YES.has(w));
    const no = phrase.some((w) => NO.has(w));
    if (yes !== no) return yes ? 1 : 2;
    if (yes && no) return "several";
  }
  const hits = menu.items.map((item, i) => ({ i: i + 1, label: new Set(words(item.label).filter((w) => !FILLER.has(w))) })).filter((x) => phrase.every((w) => x.label.has(w)));
  if (hits.length === 1) return hits[0]!.i;
  return hits.length ? "several" : "none";
}

/** True when no word of the phrase appears in any label: a greeting, a name signing off. */
function chatter(menu: MailMenu, phrase: string[]): boolean {
  const known = new Set(menu.items.flatMap((m) => words(m.label)));
  return phrase.every((w) => !known.has(w) && !YES.has(w) && !NO.has(w) && !/\d/.test(w));
}

/** Words of a reply that asks, hedges or takes back: it is not an answer to play. */
const DOUBT = new Set(["or", "maybe", "perhaps", "which", "what", "why", "how", "undo", "cancel", "wait", "unsure", "instead", "except", "but"]);
const TURN_NEGATION = new Set(["no", "not", "don't", "dont", "never"]);

export function readReply(text: string, menu: MailMenu): Reading {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  for (const line of lines) {
    const w = words(line);
    if (line.includes("?") || w.some((x) => DOUBT.has(x)) || (menu.kind === "turn" && w.some((x) => TURN_NEGATION.has(x)))) {
      return { ok: false, why: "unreadable", line: `"${line.slice(0, 80)}" reads as a question or a hedge, not a choice; reply with the menu's numbers alone.` };
    }
  }
  if (lines.length === 0) return { ok: false, why: "unreadable", line: "The reply had no text of its own (only the quoted mail), so nothing was done." };
  if (lines.length > MAX_OWN_LINES) return { ok: false, why: "unreadable", line: `The reply is ${lines.length} lines long; answer with the menu's numbers or words alone.` };
  const picks: number[] = [];
  for (const line of lines) {
    // "1 3 end": numbers are picks; the words between them are phrases, each matching one label
    let phrase: string[] = [];
    const linePicks: number[] = [];
    /** The number just before the phrase: "2 (retreat to 0504)" describes 2, it is not another pick. */
    let lastNumber: number | null = null;
    /** The item the phrase just before a number named: "retreat to 0504 (2)" is one pick. */
    let lastPhraseHit: number | null = null;
    const flush = (): Reading | null => {
      // on a yes-or-no menu "ok" and "sure" are answers, not politeness
      const meaningful = phrase.filter((w) => !FILLER.has(w) || (menu.kind !== "turn" && (YES.has(w) || NO.has(w))));
      phrase = [];
      if (meaningful.length === 0) return null;
      if (meaningful.every((w) => /^[1-9](,[1-9])+$/.test(w))) {
        return { ok: false, why: "unreadable", line: `"${meaningful.join(" ")}" could be a cell or a list of numbers; reply with numbers separated by spaces.` };
      }
      const hit = matchPhrase(menu, meaningful);
      if (typeof hit === "number") {
        lastPhraseHit = hit;
        if (hit === lastNumber) return null;
        // "2 retreat to 0405" where 2 is another hex: which one was meant? ("1 3 end" is fine)
        if (lastNumber !== null && meaningful.some((w) => /\d/.test(w))) {
          return { ok: false, why: "unreadable", line: `"${lastNumber} ${meaningful.join(" ")}" names two different choices; reply with the numbers alone.` };
        }
        linePicks.push(hit);
        return null;
      }
      if (hit === "none" && chatter(menu, meaningful)) return { ok: true, picks: [] };
      const said = meaningful.join(" ");
      return hit === "several"
        ? { ok: false, why: "unreadable", line: `"${said}" matches more than one choice on the menu; reply with its number.` }
        : { ok: false, why: "not_on_menu", line: `"${said}" is not on the menu; reply with one of its numbers (1 to ${menu.items.length}).` };
    };
    const labelWords = new Set(menu.items.flatMap((m) => words(m.label)));
    const tokens = words(line).flatMap((w) => {
      // "1,3" is two picks, unless a label names a cell "1,3": then flush() asks which was meant
      if (/^[1-9](,[1-9])+$/.test(w) && !labelWords.has(w)) return w.split(",");
      return [w];
    });
    for (const w of tokens) {
      const n = pickOf(w);
      if (n === null) {
        phrase.push(w);
        continue;
      }
      lastPhraseHit = null;
      const refused = flush();
      if (refused && !refused.ok) return refused;
      if (n !== lastPhraseHit) linePicks.push(n);
      lastNumber = n;
    }
    const refused = flush();
    if (refused && !refused.ok) return refused;
    if (refused?.ok && linePicks.length === 0) continue; // a line of chatter
    picks.push(...linePicks);
  }
  if (picks.length === 0) return { ok: false, why: "unreadable", line: "No choice could be read in the reply; answer with a number from the menu." };
  const off = picks.find((p) => p > menu.items.length);
  if (off !== undefined) return { ok: false, why: "not_on_menu", line: `${off} is not on the menu (its choices are 1 to ${menu.items.length}).` };
  if (menu.kind !== "turn") {
    if (new Set(picks).size > 1) return { ok: false, why: "unreadable", line: "The reply both agrees and declines; answer 1 or 2." };
    return { ok: true, picks: [picks[0]!] };
  }
  return { ok: true, picks };
}
