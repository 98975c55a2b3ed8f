/**
 * Is a URL's host somewhere a server of ours must never be sent: this machine, a private
 * network, link-local, multicast... Literal addresses only (no DNS here): a Worker cannot reach
 * private networks by name anyway, and the literal forms are what SSRF tricks use.
 */

/** Why the host is refused, or null when it is a public name or address. */
export function privateHostReason(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") && host.endsWith("]")) {
    const words = parseIPv6(host.slice(1, -1));
    if (!words) return "is not a valid IPv6 address";
    return ipv6Reason(words);
  }
  const v4 = parseIPv4(host);
  if (v4 !== null) return ipv4Reason(v4);
  if (host === "localhost" || host.endsWith(".localhost")) return "is this machine (localhost)";
  for (const suffix of ["local", "internal", "home.arpa"]) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return `is a private name (.${suffix})`;
  }
  if (!host.includes(".")) return "is a bare host name (no dot): not a public address";
  return null;
}

/**
 * An IPv4 address in any form the WHATWG URL parser (and inet_aton) accepts: 1 to 4 parts,
 * each decimal, 0x-hex or 0-octal, the last part filling the remaining bytes. Null when not one.
 */
export function parseIPv4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length > 4 || parts.some((p) => p === "")) return null;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = Number(p);
    else return null;
    nums.push(n);
  }
  const last = nums.pop()!;
  if (nums.some((n) => n > 255) || last >= 256 ** (4 - nums.length)) return null;
  return nums.reduce((acc, n, i) => acc + n * 256 ** (3 - i), 0) + last;
}

function ipv4Reason(a: number): string | null {
  const inNet = (base: string, bits: number) => {
    const b = parseIPv4(base)!;
    const size = 2 ** (32 - bits);
    return Math.floor(a / size) === Math.floor(b / size);
  };
  const nets: [string, number, string][] = [
    ["0.0.0.0", 8, "is unspecified (0.0.0.0/8)"],
    ["127.0.0.0", 8, "is loopback (127.0.0.0/8)"],
    ["10.0.0.0", 8, "is private (10.0.0.0/8)"],
    ["172.16.0.0", 12, "is private (172.16.0.0/12)"],
    ["192.168.0.0", 16, "is private (192.168.0.0/16)"],
    ["169.254.0.0", 16, "is link-local (169.254.0.0/16)"],
    ["100.64.0.0", 10, "is carrier-grade NAT (100.64.0.0/10)"],
    ["192.0.0.0", 24, "is reserved (192.0.0.0/24)"],
    ["198.18.0.0", 15, "is reserved for benchmarks (198.18.0.0/15)"],
    ["224.0.0.0", 4, "is multicast (224.0.0.0/4)"],
    ["240.0.0.0", 4, "is reserved (240.0.0.0/4, broadcast)"],
  ];
  for (const [base, bits, reason] of nets) if (inNet(base, bits)) return reason;
  return null;
}

/** The eight 16-bit words of an IPv6 address (with :: and a trailing dotted IPv4), or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.toLowerCase();
  if (s.includes("%")) return null; // zone ids never belong in a URL we call
  let tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const parts = dotted[2]!.split(".").map(Number);
    if (parts.some((p) => p > 255)) return null;
    tail = [parts[0]! * 256 + parts[1]!, parts[2]! * 256 + parts[3]!];
    s = dotted[1]!.endsWith("::") ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const words = (h: string) => (h === "" ? [] : h.split(":"));
  const head = words(halves[0]!);
  const rest = halves.length === 2 ? words(halves[1]!) : [];
  const all = [...head, ...rest];
  if (all.some((w) => !/^[0-9a-f]{1,4}$/.test(w))) return null;
  const given = all.length + tail.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const zeros = new Array<number>(8 - given).fill(0);
  const hex = (ws: string[]) => ws.map((w) => parseInt(w, 16));
  return halves.length === 2 ? [...hex(head), ...zeros, ...hex(rest), ...tail] : [...hex(head), ...tail];
}

function ipv6Reason(w: number[]): string | null {
  const embedded = (hi: number, lo: number) => ipv4Reason(hi * 65536 + lo);
  const zeroUpTo = (n: number) => w.slice(0, n).every((x) => x === 0);
  if (w.every((x) => x === 0)) return "is unspecified (::)";
  if (zeroUpTo(7) && w[7] === 1) return "is loopback (::1)";
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (the old compatible form) reach the IPv4 address
  if (zeroUpTo(5) && (w[5] === 0xffff || w[5] === 0)) {
    const r = embedded(w[6]!, w[7]!);
    return r ? `maps an IPv4 address that ${r}` : null;
  }
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0)) {
    const r = embedded(w[6]!, w[7]!);
    if (r) return `is NAT64 of an IPv4 address that ${r}`;
  }
  if (w[0] === 0x2002) {
    const r = embedded(w[1]!, w[2]!);
    if (r) return `is 6to4 of an IPv4 address that ${r}`;
  }
  const first = w[0]!;
  if ((first & 0xfe00) === 0xfc00) return "is unique-local (fc00::/7)";
  if ((first & 0xffc0) === 0xfe80) return "is link-local (fe80::/10)";
  if ((first & 0xffc0) === 0xfec0) return "is site-local (fec0::/10)";
  if ((first & 0xff00) === 0xff00) return "is multicast (ff00::/8)";
  return null;
}
