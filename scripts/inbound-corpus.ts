/**
 * Writes tests/inbound/corpus: replies to hexpost's menu mails as mail clients send them, each
 * with the reading it should get (tests/node/inbound-corpus.test.ts checks them). Deterministic:
 * the same script writes the same files. The wording is written here for the corpus, in the
 * shapes of each client's quoting (Gmail, Outlook, Apple Mail, Thunderbird, K-9; top and
 * bottom posting), HTML-only mails, signatures and forwards.
 *
 *   node --import tsx scripts/inbound-corpus.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

type Menu = { kind: "turn" | "pause" | "rematch"; seq: number; items: { label: string }[] };

const MENUS: Record<string, Menu> = {
  support: { kind: "turn", seq: 2, items: [{ label: "9 supports the defence of hex 0607 (6 vs 7: 1-1)" }, { label: "end defensive support" }] },
  retreat: { kind: "turn", seq: 14, items: [{ label: "Retreat 7-4 to 0405" }, { label: "Retreat 7-4 to 0504" }, { label: "Retreat 7-4 to 0505" }] },
  dicewars: {
    kind: "turn",
    seq: 31,
    items: [
      { label: "3,4 attack (5 against 2) 4,4" },
      { label: "2,2 attack (4 against 1) 3,2" },
      { label: "6,1 expand 6,2" },
      { label: "1,5 attack (3 against 2) 1,6" },
      { label: "end the turn" },
    ],
  },
  skirmish: { kind: "turn", seq: 8, items: [{ label: "Vera rallies (removes 1 Fear)" }, { label: "Vera hides behind the wall" }, { label: "end my activation" }] },
  pause: { kind: "pause", seq: 20, items: [{ label: "Agree" }, { label: "Decline" }] },
  rematch: { kind: "rematch", seq: 55, items: [{ label: "Play again" }, { label: "Decline" }] },
};

/** What a reply says, and what it should be read as: picks (1-based) or a refusal. */
interface Answer {
  menu: keyof typeof MENUS;
  lines: string[];
  expect: number[] | "refused";
  note: string;
}

const ANSWERS: Answer[] = [
  { menu: "support", lines: ["1 2"], expect: [1, 2], note: "two numbers" },
  { menu: "support", lines: ["2"], expect: [2], note: "one number" },
  { menu: "support", lines: ["1, 2"], expect: [1, 2], note: "comma" },
  { menu: "support", lines: ["1", "2"], expect: [1, 2], note: "one a line" },
  { menu: "support", lines: ["end defensive support"], expect: [2], note: "label words" },
  { menu: "support", lines: ["1 then end"], expect: [1, 2], note: "number then word" },
  { menu: "support", lines: ["Hi,", "", "1 and 2 please.", "", "Thanks"], expect: [1, 2], note: "greeting and thanks" },
  { menu: "support", lines: ["What does 1-1 mean?"], expect: "refused", note: "a question" },
  { menu: "retreat", lines: ["2"], expect: [2], note: "one number" },
  { menu: "retreat", lines: ["#3"], expect: [3], note: "hash number" },
  { menu: "retreat", lines: ["Option 1"], expect: [1], note: "option n" },
  { menu: "retreat", lines: ["0504"], expect: [2], note: "hex name alone" },
  { menu: "retreat", lines: ["retreat to 0505"], expect: [3], note: "label words" },
  { menu: "retreat", lines: ["2 (retreat to 0504)"], expect: [2], note: "number with its own label" },
  { menu: "retreat", lines: ["I'll take 1."], expect: [1], note: "a sentence" },
  { menu: "retreat", lines: ["retreat"], expect: "refused", note: "ambiguous word" },
  { menu: "retreat", lines: ["4"], expect: "refused", note: "not on the menu" },
  { menu: "retreat", lines: ["2 or 3, not sure"], expect: "refused", note: "a hedge" },
  { menu: "retreat", lines: ["2 retreat to 0405"], expect: "refused", note: "a number and another label" },
  { menu: "dicewars", lines: ["1 3 end"], expect: [1, 3, 5], note: "several and end" },
  { menu: "dicewars", lines: ["1 2 5"], expect: [1, 2, 5], note: "three numbers" },
  { menu: "dicewars", lines: ["1, 2, 4, end"], expect: [1, 2, 4, 5], note: "commas and end" },
  { menu: "dicewars", lines: ["end"], expect: [5], note: "end alone" },
  { menu: "dicewars", lines: ["End the turn."], expect: [5], note: "end the turn" },
  { menu: "dicewars", lines: ["1", "3", "end"], expect: [1, 3, 5], note: "one a line" },
  { menu: "dicewars", lines: ["attack"], expect: "refused", note: "ambiguous word" },
  { menu: "dicewars", lines: ["13"], expect: "refused", note: "two digits together" },
  { menu: "dicewars", lines: ["6,1 expand 6,2"], expect: [3], note: "a whole label" },
  { menu: "skirmish", lines: ["end my activation"], expect: [3], note: "label words" },
  { menu: "skirmish", lines: ["hide"], expect: "refused", note: "not a label word" },
  { menu: "skirmish", lines: ["2"], expect: [2], note: "one number" },
  { menu: "skirmish", lines: ["rallies"], expect: [1], note: "one label word" },
  { menu: "pause", lines: ["1"], expect: [1], note: "number" },
  { menu: "pause", lines: ["Yes"], expect: [1], note: "yes" },
  { menu: "pause", lines: ["Agreed, enjoy the holiday!"], expect: [1], note: "agree and chatter" },
  { menu: "pause", lines: ["No thanks"], expect: [2], note: "no thanks" },
  { menu: "pause", lines: ["decline"], expect: [2], note: "decline" },
  { menu: "pause", lines: ["Can we make it shorter?"], expect: "refused", note: "a question" },
  { menu: "rematch", lines: ["play again"], expect: [1], note: "label" },
  { menu: "rematch", lines: ["Yes please"], expect: [1], note: "yes" },
  { menu: "rematch", lines: ["2"], expect: [2], note: "number" },
  { menu: "rematch", lines: ["1 2"], expect: "refused", note: "both" },
  { menu: "rematch", lines: ["OK!"], expect: [1], note: "ok" },
  { menu: "pause", lines: ["Not sure, ok I guess"], expect: "refused", note: "yes and no at once" },
  { menu: "dicewars", lines: ["1 3 END"], expect: [1, 3, 5], note: "upper case" },
  { menu: "dicewars", lines: ["1,3"], expect: [1, 3], note: "comma without space" },
  { menu: "retreat", lines: ["2", "", "Cheers,", "Olga"], expect: [2], note: "sign-off without a separator" },
  // replies a careful reader cannot be sure of: refused, though the player meant a choice
  { menu: "retreat", lines: ["Two"], expect: [2], note: "a number spelled out (refused: 'that one' is not 1)" },
  { menu: "retreat", lines: ["2", "", "Best regards", "Tom Okafor", "Mobile 07700 900123"], expect: [2], note: "a signature with digits and no separator (refused)" },
];

const NAMES = ["Olga Ivanova", "Hans Weber", "Ulla Berg", "Marta Ruiz", "Tom Okafor", "Priya Nair", "Jonas Lind", "Aiko Mori"];

/** A small deterministic generator (mulberry32), so the corpus is the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The text of the mail being answered, as the player's client received it. */
function original(menu: Menu): string[] {
  const how = menu.kind === "turn" ? 'Or answer by replying to this mail with a number, or several in order ("1 3"), or a choice\'s words:' : "Or answer by replying to this mail with 1 or 2:";
  return [
    "A choice is owed in WarShard",
    "",
    "In the middle of the other side's turn, the game needs your answer.",
    "",
    "Answer now:",
    "https://hexpost.example/g/7k2fq3x9ab#t=Zm9vYmFy",
    "",
    how,
    "",
    ...menu.items.map((m, i) => `  ${i + 1}  ${m.label}`),
    "",
    "-- ",
    'You get this because you play in "WarShard #7k2f: Hans v Ulla" on hexpost.',
  ];
}

const DATE = "Wed, 25 Nov 2026 12:00:00 +0000";
const HEXPOST = "hexpost <games@hexpost.example>";

type Body = { text?: string; html?: string; qp?: boolean; b64?: boolean };
type Style = { id: string; client: string; build: (own: string[], orig: string[], name: string) => Body };

const quote = (lines: string[]) => lines.map((l) => (l ? `> ${l}` : ">"));
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const htmlLines = (lines: string[]) => lines.map((l) => (l ? esc(l) : "<br>")).join("<br>\n");

const STYLES: Style[] = [
  {
    id: "gmail-top",
    client: "Gmail",
    build: (own, orig) => ({ text: [...own, "", "On Wed, 25 Nov 2026 at 12:00, hexpost <games@hexpost.example> wrote:", "", ...quote(orig)].join("\n") }),
  },
  {
    id: "gmail-top-wrapped",
    client: "Gmail",
    build: (own, orig) => ({ text: [...own, "", "On Wed, 25 Nov 2026 at 12:00, hexpost <", "games@hexpost.example> wrote:", "", ...quote(orig)].join("\n") }),
  },
  {
    id: "gmail-html",
    client: "Gmail",
    build: (own, orig) => ({
      html: `<div dir="ltr">${own.map((l) => (l ? `<div>${esc(l)}</div>` : "<div><br></div>")).join("")}</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Wed, 25 Nov 2026 at 12:00, hexpost &lt;games@hexpost.example&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">${htmlLines(orig)}</blockquote></div>`,
    }),
  },
  {
    id: "gmail-de",
    client: "Gmail (German)",
    build: (own, orig) => ({ text: [...own, "", "Am Mi., 25. Nov. 2026 um 12:00 Uhr schrieb hexpost <games@hexpost.example>:", "", ...quote(orig)].join("\n"), qp: true }),
  },
  {
    id: "outlook-top",
    client: "Outlook",
    build: (own, orig, name) => ({
      text: [...own, "", name, "", "________________________________", `From: ${HEXPOST}`, "Sent: Wednesday, November 25, 2026 12:00 PM", `To: ${name} <player@example.org>`, "Subject: [hexpost] A choice is owed: WarShard #7k2f", "", ...orig].join("\r\n"),
    }),
  },
  {
    id: "outlook-original",
    client: "Outlook (classic)",
    build: (own, orig) => ({ text: [...own, "", "-----Original Message-----", `From: ${HEXPOST}`, `Sent: ${DATE}`, "To: player@example.org", "Subject: [hexpost] your move", "", ...orig].join("\r\n") }),
  },
  {
    id: "outlook-html",
    client: "Outlook",
    build: (own, orig) => ({
      html: `<html><head><style>p{margin:0}</style></head><body><div style="font-family:Calibri">${own.map((l) => `<p>${l ? esc(l) : "&nbsp;"}</p>`).join("")}</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><b>From:</b> hexpost &lt;games@hexpost.example&gt;<br><b>Sent:</b> Wednesday, November 25, 2026 12:00<br></div><div>${htmlLines(orig)}</div></body></html>`,
    }),
  },
  {
    id: "outlook-mobile",
    client: "Outlook for iOS",
    build: (own, orig) => ({ text: [...own, "", "Get Outlook for iOS", "________________________________", `From: ${HEXPOST}`, "Sent: Wednesday, November 25, 2026 12:00:00 PM", "To: player@example.org", "Subject: [hexpost] your move", "", ...orig].join("\n") }),
  },
  {
    id: "apple-top",
    client: "Apple Mail (iPhone)",
    build: (own, orig) => ({ text: [...own, "", "Sent from my iPhone", "", "> On 25 Nov 2026, at 12:00, hexpost <games@hexpost.example> wrote:", ">", ...quote(orig)].join("\n"), qp: true }),
  },
  {
    id: "apple-html",
    client: "Apple Mail",
    build: (own, orig) => ({
      html: `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto">${own.map((l) => `<div dir="ltr">${l ? esc(l) : "<br>"}</div>`).join("")}<div dir="ltr"><br><blockquote type="cite">On 25 Nov 2026, at 12:00, hexpost &lt;games@hexpost.example&gt; wrote:<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">${htmlLines(orig)}</div></blockquote></body></html>`,
    }),
  },
  {
    id: "thunderbird-bottom",
    client: "Thunderbird",
    build: (own, orig, name) => ({ text: ["On 25/11/2026 12:00, hexpost wrote:", ...quote(orig.slice(0, 10)), "", ...own, "", "-- ", name, "+44 20 7946 0123"].join("\n") }),
  },
  {
    id: "thunderbird-interleaved",
    client: "Thunderbird",
    build: (own, orig) => ({ text: ["On 25/11/2026 12:00, hexpost wrote:", ...quote(orig.slice(0, 9)), "", ...own, "", ...quote(orig.slice(9))].join("\n") }),
  },
  {
    id: "k9-top",
    client: "K-9 Mail",
    build: (own, orig) => ({ text: [...own, "", "On November 25, 2026 12:00:00 PM UTC, hexpost <games@hexpost.example> wrote:", ...quote(orig), "", "-- ", "Sent from my Android device with K-9 Mail. Please excuse my brevity."].join("\n"), b64: true }),
  },
  {
    id: "k9-bottom",
    client: "K-9 Mail",
    build: (own, orig) => ({ text: ["On November 25, 2026 12:00:00 PM UTC, hexpost <games@hexpost.example> wrote:", ...quote(orig), "", ...own, "", "-- ", "Sent from my Android device with K-9 Mail. Please excuse my brevity."].join("\n") }),
  },
  {
    id: "plain-signature",
    client: "any (signature)",
    build: (own, _orig, name) => ({ text: [...own, "", "-- ", name, "Chess club secretary, 2 Mill Lane", "Tel. 0161 496 0742"].join("\n") }),
  },
  {
    id: "french-top",
    client: "Thunderbird (French)",
    build: (own, orig) => ({ text: [...own, "", "Le 25/11/2026 à 12:00, hexpost a écrit :", ...quote(orig)].join("\n"), qp: true }),
  },
];

/** Forwards: the player's own text above the forwarded mail, or none at all (nothing to read). */
const FORWARDS: { id: string; client: string; build: (own: string[], orig: string[]) => Body }[] = [
  {
    id: "gmail-forward",
    client: "Gmail (forward)",
    build: (own, orig) => ({ text: [...own, "", "---------- Forwarded message ---------", `From: ${HEXPOST}`, `Date: ${DATE}`, "Subject: [hexpost] A choice is owed", "To: <player@example.org>", "", ...orig].join("\n") }),
  },
  {
    id: "apple-forward",
    client: "Apple Mail (forward)",
    build: (own, orig) => ({ text: [...own, "", "Begin forwarded message:", "", `From: ${HEXPOST}`, "Subject: [hexpost] A choice is owed", `Date: ${DATE}`, "", ...orig].join("\n") }),
  },
];

function qpEncode(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let out = "";
  let line = "";
  for (const b of bytes) {
    let piece: string;
    if (b === 10) {
      out += `${line}\r\n`;
      line = "";
      continue;
    }
    if (b === 13) continue;
    piece = (b >= 33 && b <= 126 && b !== 61) || b === 32 ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, "0")}`;
    if (line.length + piece.length > 75) {
      out += `${line}=\r\n`;
      line = "";
    }
    line += piece;
  }
  return out + line.replace(/ $/, "=20");
}

function message(n: number, name: string, subject: string, body: Body): string {
  const from = `${name.split(" ")[0]!.toLowerCase()}@example.org`;
  const head = [
    `From: ${name} <${from}>`,
    "To: play+t.7k2fq3x9ab.usa.2.abcdefghijklmnop@hexpost.example",
    `Subject: Re: ${subject}`,
    `Message-ID: <corpus-${n}@example.org>`,
    "In-Reply-To: <game.7k2fq3x9ab.usa@hexpost.example>",
    `Date: ${DATE}`,
    "MIME-Version: 1.0",
  ];
  if (body.html !== undefined) return [...head, "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", body.html, ""].join("\r\n");
  const text = body.text!;
  if (body.b64) {
    const b64 = Buffer.from(text, "utf8").toString("base64").replace(/.{76}/g, "$&\r\n");
    return [...head, "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", b64, ""].join("\r\n");
  }
  if (body.qp) return [...head, "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "", qpEncode(text), ""].join("\r\n");
  return [...head, "Content-Type: text/plain; charset=utf-8; format=flowed", "Content-Transfer-Encoding: 8bit", "", text.replace(/\r?\n/g, "\r\n"), ""].join("\r\n");
}

const dir = path.join(import.meta.dirname, "../tests/inbound/corpus");
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) if (f.endsWith(".eml")) rmSync(path.join(dir, f));

const random = rng(24);
const manifest: { file: string; client: string; style: string; menu: string; note: string; expect: number[] | "refused" }[] = [];
let n = 0;
const write = (style: { id: string; client: string }, answer: Answer, body: Body, expect: number[] | "refused", note: string) => {
  n++;
  const name = NAMES[Math.floor(random() * NAMES.length)]!;
  const file = `${String(n).padStart(3, "0")}-${style.id}-${answer.menu}.eml`;
  writeFileSync(path.join(dir, file), message(n, name, "[hexpost] A choice is owed: WarShard #7k2f: Hans v Ulla", body));
  manifest.push({ file, client: style.client, style: style.id, menu: answer.menu, note, expect });
};

// every answer once in a style picked in turn, then each style with answers picked at random
ANSWERS.forEach((answer, i) => {
  const style = STYLES[i % STYLES.length]!;
  write(style, answer, style.build(answer.lines, original(MENUS[answer.menu]!), NAMES[i % NAMES.length]!), answer.expect, answer.note);
});
for (const style of STYLES) {
  for (let k = 0; k < 5; k++) {
    const answer = ANSWERS[Math.floor(random() * ANSWERS.length)]!;
    write(style, answer, style.build(answer.lines, original(MENUS[answer.menu]!), NAMES[(k + 3) % NAMES.length]!), answer.expect, answer.note);
  }
}
for (const fwd of FORWARDS) {
  const answer = ANSWERS[0]!;
  const orig = original(MENUS[answer.menu]!);
  write(fwd, answer, fwd.build(["Forwarding my answer: 2"], orig), [2], "a forward with the answer above");
  write(fwd, answer, fwd.build([], orig), "refused", "a bare forward: the menu's numbers are the quoted mail's, not an answer");
  write(fwd, answer, fwd.build(["Hans, can you look at this one?"], orig), "refused", "a forward asking someone");
}
writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify({ menus: MENUS, replies: manifest }, null, 1)}\n`);
console.log(`wrote ${manifest.length} replies to ${path.relative(process.cwd(), dir)}`);
