/**
 * The reply corpus (tests/inbound/corpus, written by scripts/inbound-corpus.ts): each reply is
 * parsed as the Worker parses it (postal-mime, the reply's own text, the menu reader) and
 * checked against its expected reading. Goal (issue 24): at least 95% read as intended, every
 * other one refused with a line saying why, and never a wrong move.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { readReply } from "../../worker/inbound/read";
import { replyText } from "../../worker/inbound/text";
import type { MailMenu } from "../../worker/mail/menu";

const dir = path.join(import.meta.dirname, "../inbound/corpus");
const { menus, replies } = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as {
  menus: Record<string, MailMenu>;
  replies: { file: string; client: string; menu: string; note: string; expect: number[] | "refused" }[];
};

describe("the reply corpus", () => {
  it("holds at least 100 replies", () => {
    expect(replies.length).toBeGreaterThanOrEqual(100);
  });

  it("reads at least 95% as intended, refuses the rest with a reason, and never reads a wrong move", async () => {
    let intended = 0;
    const wrong: string[] = [];
    const refusedInstead: string[] = [];
    for (const r of replies) {
      const email = await PostalMime.parse(readFileSync(path.join(dir, r.file)));
      const reading = readReply(replyText(email), menus[r.menu]!);
      if (r.expect === "refused") {
        if (reading.ok) wrong.push(`${r.file}: expected a refusal, read ${reading.picks.join(" ")}`);
        else intended++;
        continue;
      }
      if (!reading.ok) {
        expect(reading.line.length, r.file).toBeGreaterThan(10);
        refusedInstead.push(`${r.file} (${r.note}): ${reading.line}`);
      } else if (reading.picks.join(" ") === r.expect.join(" ")) intended++;
      else wrong.push(`${r.file} (${r.note}): expected ${r.expect.join(" ")}, read ${reading.picks.join(" ")}`);
    }
    const score = intended / replies.length;
    console.log(`corpus: ${intended}/${replies.length} read as intended (${(score * 100).toFixed(1)}%); refused instead: ${refusedInstead.length}; wrong: ${wrong.length}`);
    for (const line of refusedInstead) console.log(`  refused: ${line}`);
    expect(wrong).toEqual([]);
    expect(score).toBeGreaterThanOrEqual(0.95);
  });
});
