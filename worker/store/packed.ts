/**
 * A log page's JSON as D1 keeps it once compressed (raw DEFLATE, a BLOB): JSON of turns shrinks
 * several times, and D1 bills its storage by the byte. The platform's own CompressionStream
 * (workerd and Node alike), so the Worker bundles no codec.
 */

/** The page's JSON, compressed. */
export async function packText(text: string): Promise<Uint8Array> {
  const packed = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(packed).arrayBuffer());
}

/**
 * The page's JSON from what D1 answered for its column: the text itself (a page written before
 * pages were compressed, or not compressed yet), or the compressed bytes, which D1 may hand
 * back as an ArrayBuffer, a typed array or an array of numbers.
 */
export async function unpackText(stored: unknown): Promise<string> {
  if (typeof stored === "string") return stored;
  const bytes = stored instanceof ArrayBuffer ? new Uint8Array(stored) : ArrayBuffer.isView(stored) ? Uint8Array.from(new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength)) : Array.isArray(stored) ? Uint8Array.from(stored as number[]) : null;
  if (!bytes) throw new Error(`a log page is neither text nor bytes (${typeof stored})`);
  const text = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(text).text();
}
