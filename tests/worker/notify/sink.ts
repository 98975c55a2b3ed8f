// What the tests read back from tests/worker/fake-push.ts (started by the globalSetup).
import { env } from "cloudflare:workers";
import type { Notice } from "../../../worker/notify/notice";

export const SINK = env.TEST_SINK_URL;

export interface Received {
  path: string;
  headers: Record<string, string | undefined>;
  body?: string;
  text?: string;
}

/** A name no other test uses, so parallel files never read each other's requests. */
export const uniqueName = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

export async function received(name: string): Promise<Received[]> {
  const r = await fetch(`${SINK}/received/${name}`);
  return (await r.json()) as Received[];
}

export function base64Bytes(b64: string): Uint8Array {
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

export const notice = (over: Partial<Notice> = {}): Notice => ({
  gameId: "g7k2f",
  kind: "your_turn",
  title: "Battle for Moscow #7k2f: your move",
  line: "Olga moved 3 units; your move (Germany)",
  url: "https://hexpost.test/g/g7k2f#t=SEAT-TOKEN",
  at: 1_790_000_000_000,
  ...over,
});
