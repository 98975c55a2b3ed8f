/**
 * A local push service and webhook sink on 127.0.0.1:4012 for the Worker tests (vitest
 * globalSetup, Node side): what workerd posts is recorded here, and a test reads it back.
 *
 *   POST /push/<name>        records {headers, body (base64)}, answers 201 like a push service
 *   POST /push-gone/<name>   410: the subscription has expired
 *   POST /push-busy/<name>   429 with Retry-After: 30
 *   POST /sink/<name>        records {headers, body (text)}, answers 204 (webhooks)
 *   POST /sink-fail/<name>   500
 *   GET  /received/<name>    the JSON array of what <name> recorded, oldest first
 *   DELETE /received         forgets everything
 *
 * Names are per test, so test files running at once never see each other's requests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export const FAKE_PUSH_PORT = Number(process.env.FAKE_PUSH_PORT ?? 4012);
export const FAKE_PUSH_BASE = `http://127.0.0.1:${FAKE_PUSH_PORT}`;

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** push: the raw body in base64 */
  body?: string;
  /** sink: the body as text */
  text?: string;
}

export function createFakePush() {
  const received = new Map<string, Received[]>();
  const record = (name: string, r: Received) => {
    const list = received.get(name) ?? [];
    list.push(r);
    received.set(name, list);
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks)));
      req.on("error", reject);
    });
  const answer = (res: ServerResponse, status: number, body = "", headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "text/plain", ...headers });
    res.end(body);
  };

  const server: Server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const [, route = "", name = ""] = /^\/([^/]+)\/?(.*)$/.exec(new URL(req.url ?? "/", FAKE_PUSH_BASE).pathname) ?? [];
      if (req.method === "DELETE" && route === "received") {
        received.clear();
        return answer(res, 204);
      }
      if (req.method === "GET" && route === "received") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify(received.get(name) ?? []));
      }
      if (req.method !== "POST" || !name) return answer(res, 404, "not found");
      const path = req.url ?? "";
      switch (route) {
        case "push":
          record(name, { path, headers: req.headers, body: body.toString("base64") });
          return answer(res, 201, "", { location: `${FAKE_PUSH_BASE}/message/${name}` });
        case "push-gone":
          return answer(res, 410, "push subscription has unsubscribed or expired");
        case "push-busy":
          return answer(res, 429, "too many requests", { "retry-after": "30" });
        case "sink":
          record(name, { path, headers: req.headers, text: body.toString("utf8") });
          return answer(res, 204);
        case "sink-fail":
          return answer(res, 500, "sink is down");
        default:
          return answer(res, 404, "not found");
      }
    } catch (e) {
      answer(res, 500, String(e));
    }
  });

  return {
    server,
    listen: (port = FAKE_PUSH_PORT) =>
      new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** vitest globalSetup: start before the Worker tests, stop after. */
export default async function setup() {
  const fake = createFakePush();
  await fake.listen();
  return async () => {
    await fake.close();
  };
}
