/**
 * Runs the pure part of a reply once in the global scope (its own startup budget, apart from a
 * request's CPU): postal-mime on a small reply, the quote and signature stripping, the HTML
 * path and the reader. Without it they compile on the first reply (bench/README.md, "A reply
 * by mail applied": cold was about twice warm). No I/O, no clock, no randomness.
 */
import PostalMime from "postal-mime";
import { readReply } from "./read";
import { replyText } from "./text";

const SAMPLE = [
  "From: Warm Up <warm@hexpost.invalid>",
  "To: play+t.warmup.p1.0.aaaaaaaaaaaaaaaa@hexpost.invalid",
  "Subject: Re: [hexpost] your move",
  "Message-ID: <warm-up@hexpost.invalid>",
  'Content-Type: multipart/alternative; boundary="b"',
  "",
  "--b",
  "Content-Type: text/plain; charset=utf-8",
  "Content-Transfer-Encoding: quoted-printable",
  "",
  "1 3 end",
  "",
  "On Wed, 25 Nov 2026 at 12:00, hexpost <games@hexpost.invalid> wrote:",
  "> Your move",
  ">   1  3,4 attack (5 against 2) 4,4",
  "",
  "-- ",
  "Warm",
  "--b",
  "Content-Type: text/html; charset=utf-8",
  "",
  '<div dir="ltr">1 3 end</div><div class="gmail_quote"><blockquote>Your move</blockquote></div>',
  "--b--",
  "",
].join("\r\n");

const MENU = { kind: "turn" as const, seq: 0, items: [{ label: "3,4 attack (5 against 2) 4,4" }, { label: "2,2 expand 3,2" }, { label: "6,1 attack (3 against 2) 6,2" }, { label: "end the turn" }] };

export async function warmInbound(): Promise<boolean> {
  const email = await PostalMime.parse(SAMPLE);
  const text = readReply(replyText(email), MENU);
  const html = readReply(replyText({ html: email.html }), MENU);
  return text.ok && html.ok;
}
