/**
 * The reply's own text: what the player wrote, without the quoted mail below or above it,
 * the signature, or a phone's "Sent from" line. Mail clients quote in two ways: with "> "
 * before each line (Gmail, Apple Mail, Thunderbird, K-9, most bottom posting), which can
 * be cut out wherever it is, or unprefixed below a header block (Outlook's "From: / Sent:",
 * "-----Original Message-----", a forward), after which nothing is the player's.
 */

/** Own text longer than this is a letter, not an answer to a menu (the reader refuses it). */
export const MAX_OWN_LINES = 40;

/** An attribution line before "> " quotes: "On Mon, 24 Nov 2026 at 12:00, hexpost <...> wrote:" and its cousins. */
const ATTRIBUTION = /^(on\b.*\bwrote:?|am\b.*\bschrieb.*:|le\b.*\ba écrit\s*:|el\b.*\bescribió:|.*\b(wrote|schrieb|a écrit|escribió)\s*:)\s*$/i;
/** The start of an unprefixed quote: after it, nothing is the player's. */
const CUT = [
  /^-{2,}\s*(original message|forwarded message|ursprüngliche nachricht|message d'origine)\s*-{2,}\s*$/i,
  /^begin forwarded message:?\s*$/i,
  /^_{10,}\s*$/,
  /^(from|von|de):\s.+$/i,
];
/** One-line signatures clients add without the "-- " separator. */
const CLIENT_SIGNATURE = /^(sent from|sent with|sent via|get outlook for|von meinem|envoyé de|enviado desde|inviato da)\b/i;

const isQuote = (line: string) => /^\s*>/.test(line);

/** Outlook's header block: "From:" followed within three lines by "Sent:", "Date:", "To:" or "Subject:". */
function headerBlockAt(lines: readonly string[], i: number): boolean {
  const line = lines[i]!.trim();
  if (CUT.slice(0, 3).some((r) => r.test(line))) return true;
  if (!CUT[3]!.test(line)) return false;
  return lines.slice(i + 1, i + 4).some((l) => /^(sent|date|to|subject|gesendet|an|betreff|envoyé|à|objet):/i.test(l.trim()));
}

/** An attribution may be wrapped over two lines ("On Mon, 24 Nov 2026 at 12:00, hexpost <" / "games@x> wrote:"). */
function attributionAt(lines: readonly string[], i: number): number {
  const line = lines[i]!.trim();
  if (!line) return 0;
  const next = lines[i + 1]?.trim() ?? "";
  if (ATTRIBUTION.test(line) && (/^on\b|^am\b|^le\b|^el\b/i.test(line) || isQuote(lines[i + 1] ?? "") || !next)) return 1;
  if (/^(on|am|le|el)\b/i.test(line) && ATTRIBUTION.test(`${line} ${next}`)) return 2;
  return 0;
}

/** The player's own lines of a plain-text reply, in order. */
export function ownText(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (headerBlockAt(lines, i)) break;
    const attribution = attributionAt(lines, i);
    if (attribution) {
      // the quote it introduces is cut by its "> " lines; an attribution with nothing quoted
      // after it (Outlook-style unprefixed, or a client that dropped the prefixes) ends the reply
      const after = lines.slice(i + attribution).find((l) => l.trim() !== "");
      if (after === undefined || !isQuote(after)) break;
      i += attribution - 1;
      continue;
    }
    if (isQuote(line)) continue;
    // the signature runs to the next quote (bottom posting may go on below a quoted part)
    if (/^--\s*$/.test(line) || /^__\s*$/.test(line)) {
      while (i + 1 < lines.length && !isQuote(lines[i + 1]!)) i++;
      continue;
    }
    if (CLIENT_SIGNATURE.test(line.trim())) continue;
    kept.push(line);
  }
  return kept.join("\n").trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/**
 * An HTML-only reply as text: quoted blocks (a blockquote, Gmail's and Thunderbird's quote
 * divs, Outlook's reply header and everything after it) go first, then tags.
 */
export function htmlToText(html: string): string {
  let s = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(head|style|script|title)\b[\s\S]*?<\/\1>/gi, "");
  // Outlook: everything from its reply header on is the quoted mail
  s = s.replace(/<(div|hr)[^>]*\bid=["']?(divRplyFwdMsg|appendonsend)[\s\S]*$/i, "");
  s = s.replace(/<div[^>]*class=["'][^"']*(gmail_quote|moz-cite-prefix|yahoo_quoted|protonmail_quote)[\s\S]*$/i, "");
  // nested blockquotes: remove innermost first until none is left
  for (let guard = 0; guard < 20 && /<blockquote\b/i.test(s); guard++) s = s.replace(/<blockquote\b(?:(?!<blockquote\b)[\s\S])*?<\/blockquote>/gi, "");
  s = s.replace(/<blockquote\b[\s\S]*$/i, "");
  s = s.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|tr|h[1-6])>/gi, "\n").replace(/<[^>]+>/g, "");
  s = s.replace(/&(#x?[0-9a-f]+|[a-z]+|#39);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k in ENTITIES) return ENTITIES[k]!;
    if (k.startsWith("#x")) return String.fromCodePoint(parseInt(k.slice(2), 16) || 32);
    if (k.startsWith("#")) return String.fromCodePoint(parseInt(k.slice(1), 10) || 32);
    return m;
  });
  return s.replace(/\u00a0/g, " ");
}

/** The reply's own text from its parsed parts: the text part if there is one, else the HTML's. */
export function replyText(parts: { text?: string | undefined; html?: string | undefined }): string {
  const text = parts.text && parts.text.trim() ? parts.text : parts.html ? htmlToText(parts.html) : "";
  return ownText(text);
}
