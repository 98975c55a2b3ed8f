/**
 * Whether a reply really comes from its From address: the Authentication-Results header the
 * receiving server (Cloudflare Email Routing) adds must say SPF or DKIM passed for a domain
 * aligned with the From's (the same domain, or one a subdomain of the other: DMARC's relaxed
 * alignment). Only a header our receiver wrote counts: it names the receiver (its authserv-id,
 * MAIL_AUTHSERV_ID, default mx.cloudflare.net) and stands above the first Received line, where
 * the receiver adds its own; anything below came with the message, where a sender may write
 * what it likes. (Email Routing has been seen delivering to Workers with no such header at all,
 * workerd issue 6740: replies are then refused, never taken on a header the sender wrote.)
 */
export type Authenticity = { ok: true; by: "spf" | "dkim" | "dev" } | { ok: false; line: string };

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase().replace(/>$/, "");

const aligned = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

interface Result {
  method: string;
  result: string;
  props: Record<string, string>;
}

/** The receiving server whose Authentication-Results are trusted. */
export const receiverOf = (env: { MAIL_AUTHSERV_ID?: string }): string => (env.MAIL_AUTHSERV_ID ?? "mx.cloudflare.net").toLowerCase();

/**
 * The Authentication-Results our receiver added, or undefined: the topmost one, only if it
 * comes before every Received line and names `receiver` as its authserv-id.
 */
export function receiverResults(headers: readonly { key: string; value: string }[], receiver: string): string | undefined {
  for (const h of headers) {
    if (h.key === "received") return undefined;
    if (h.key !== "authentication-results") continue;
    const authserv = h.value.split(";")[0]!.replace(/\([^()]*\)/g, " ").trim().split(/\s+/)[0]?.toLowerCase();
    return authserv === receiver ? h.value : undefined;
  }
  return undefined;
}

/** RFC 8601's resinfo list: "mx.cloudflare.net; dkim=pass header.d=x.org; spf=fail smtp.mailfrom=a@x.org". */
export function parseAuthResults(value: string): Result[] {
  // comments, e.g. "(mx.cloudflare.net: domain of a@x.org designates 192.0.2.1 as permitted sender)"
  let s = value;
  for (let guard = 0; guard < 5 && /\([^()]*\)/.test(s); guard++) s = s.replace(/\([^()]*\)/g, " ");
  const [, ...resinfos] = s.split(";");
  const results: Result[] = [];
  for (const info of resinfos) {
    const tokens = info.trim().split(/\s+/).filter(Boolean);
    const head = /^([a-z0-9-]+)=([a-z]+)$/i.exec(tokens[0] ?? "");
    if (!head) continue;
    const props: Record<string, string> = {};
    for (const t of tokens.slice(1)) {
      const m = /^([a-z0-9.-]+)=(.+)$/i.exec(t);
      if (m) props[m[1]!.toLowerCase()] = m[2]!.replace(/^"|"$/g, "").toLowerCase();
    }
    results.push({ method: head[1]!.toLowerCase(), result: head[2]!.toLowerCase(), props });
  }
  return results;
}

/**
 * `header` is the topmost Authentication-Results value (undefined when there is none), `from`
 * the From header's address, `envelopeFrom` the SMTP MAIL FROM. `dev`: a missing header is
 * accepted (the local email handler of `npm start` adds none).
 */
export function checkAuthenticity(header: string | undefined, from: string, envelopeFrom: string, dev: boolean): Authenticity {
  if (header === undefined) {
    return dev ? { ok: true, by: "dev" } : { ok: false, line: "The reply carried no authentication results (SPF or DKIM), so it could not be trusted to come from your address." };
  }
  const fromDomain = domainOf(from);
  const results = parseAuthResults(header);
  for (const r of results) {
    if (r.method === "dkim" && r.result === "pass") {
      const d = r.props["header.d"] ?? (r.props["header.i"] ? domainOf(r.props["header.i"]) : "");
      if (d && aligned(d, fromDomain)) return { ok: true, by: "dkim" };
    }
    if (r.method === "spf" && r.result === "pass") {
      const mailFrom = r.props["smtp.mailfrom"] ?? envelopeFrom;
      if (aligned(domainOf(mailFrom), fromDomain)) return { ok: true, by: "spf" };
    }
  }
  const said = results.filter((r) => r.method === "spf" || r.method === "dkim").map((r) => `${r.method}=${r.result}`);
  return {
    ok: false,
    line: `The reply did not pass SPF or DKIM for ${fromDomain} (${said.join(", ") || "no SPF or DKIM result"}), so it could not be trusted to come from your address.`,
  };
}
