/**
 * One person, one address for the abuse limits: the block list and the per-address limit key
 * an address by its lower-cased form without a "+tag" in the local part, so
 * `olga+games@example.com` is blocked and counted as `olga@example.com` (mail still goes to
 * the address as given). Providers that ignore dots (Gmail) are not folded: that rule is
 * theirs, not the standard's.
 */
export function addressKey(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return email.toLowerCase();
  const local = email.slice(0, at).split("+")[0]!;
  return `${local}@${email.slice(at + 1)}`.toLowerCase();
}
