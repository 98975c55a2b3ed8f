/**
 * A mail is written once, as blocks, and rendered twice: plain text and HTML, both meant
 * for a phone. Every string in a block is plain text: the HTML renderer escapes all of it,
 * so a name a player typed can never become markup.
 */
export type Inline = string | { label: string; url: string };

export type Block =
  | { h: string }
  | { p: Inline[] }
  | { list: string[]; more?: string }
  /** A numbered menu to answer by reply: one "1  label" line each, kept unwrapped so a reply can quote it. */
  | { menu: string[] }
  | { button: { label: string; url: string } }
  | { note: Inline[] }
  | { small: Inline[] };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const inlineText = (parts: Inline[]) => parts.map((p) => (typeof p === "string" ? p : `${p.label} (${p.url})`)).join("");

/** Wraps a paragraph at 72 columns; URLs are never broken. */
function wrap(text: string, width = 72, indent = ""): string {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > width - indent.length) {
      out.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(indent + line);
  return out.join("\n");
}

export function renderText(blocks: Block[], footer: Block[]): string {
  const parts: string[] = [];
  for (const b of blocks) {
    if ("h" in b) parts.push(b.h);
    else if ("p" in b) parts.push(wrap(inlineText(b.p)));
    else if ("note" in b) parts.push(wrap(`! ${inlineText(b.note)}`));
    else if ("small" in b) parts.push(wrap(inlineText(b.small)));
    else if ("list" in b) parts.push([...b.list.map((l) => wrap(l, 72, "    ").replace(/^ {4}/, "  - ")), ...(b.more ? [`  (${b.more})`] : [])].join("\n"));
    else if ("button" in b) parts.push(`${b.button.label}:\n${b.button.url}`);
    else if ("menu" in b) parts.push(b.menu.map((l) => `  ${l}`).join("\n"));
  }
  const foot = footer.map((b) => ("small" in b ? wrap(inlineText(b.small)) : "p" in b ? wrap(inlineText(b.p)) : "")).filter(Boolean);
  return `${parts.join("\n\n")}\n\n-- \n${foot.join("\n\n")}\n`;
}

const inlineHtml = (parts: Inline[]) =>
  parts.map((p) => (typeof p === "string" ? escapeHtml(p) : `<a href="${escapeHtml(p.url)}" style="color:#1d5c3f">${escapeHtml(p.label)}</a>`)).join("");

export function renderHtml(subject: string, blocks: Block[], footer: Block[]): string {
  const body: string[] = [];
  for (const b of blocks) {
    if ("h" in b) body.push(`<h1 style="font-size:20px;line-height:1.3;margin:0 0 16px">${escapeHtml(b.h)}</h1>`);
    else if ("p" in b) body.push(`<p style="margin:0 0 14px">${inlineHtml(b.p)}</p>`);
    else if ("note" in b)
      body.push(`<p style="margin:0 0 14px;padding:10px 12px;background:#fff4d6;border-left:4px solid #d19a00">${inlineHtml(b.note)}</p>`);
    else if ("small" in b) body.push(`<p style="margin:0 0 12px;font-size:13px;color:#555">${inlineHtml(b.small)}</p>`);
    else if ("list" in b)
      body.push(
        `<ul style="margin:0 0 14px;padding-left:20px">${b.list.map((l) => `<li style="margin:0 0 6px">${escapeHtml(l)}</li>`).join("")}</ul>` +
          (b.more ? `<p style="margin:0 0 14px;font-size:13px;color:#555">${escapeHtml(b.more)}</p>` : ""),
      );
    else if ("menu" in b)
      body.push(`<p style="margin:0 0 14px;font-family:Menlo,Consolas,monospace;white-space:pre-wrap">${b.menu.map(escapeHtml).join("<br>")}</p>`);
    else if ("button" in b)
      body.push(
        `<p style="margin:20px 0"><a href="${escapeHtml(b.button.url)}" style="display:inline-block;padding:12px 22px;background:#1d5c3f;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(b.button.label)}</a></p>`,
      );
  }
  const foot = footer
    .map((b) => ("small" in b ? b.small : "p" in b ? b.p : null))
    .filter((x): x is Inline[] => x !== null)
    .map((parts) => `<p style="margin:0 0 8px">${inlineHtml(parts)}</p>`)
    .join("");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f2ec">',
    '<div style="max-width:600px;margin:0 auto;padding:20px 16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1b1b1b;background:#ffffff">',
    ...body,
    `<div style="margin-top:24px;padding-top:12px;border-top:1px solid #ddd;font-size:12px;color:#666">${foot}</div>`,
    "</div></body></html>",
  ].join("\n");
}
