/**
 * A fake Resend API on 127.0.0.1 for the Worker tests (tests/worker/fake-resend.ts, their vitest
 * globalSetup) and the cold bench (bench/cold-request.ts), so the real SDK talks HTTP to
 * something we can script.
 *
 *   POST /emails               like Resend: Bearer key, Idempotency-Key honoured (same key +
 *                              same body: the first answer again, nothing new sent; same key +
 *                              other body: 409 invalid_idempotent_request), 422 without
 *                              from/to/subject, else 200 {id}
 *   GET  /__sent?key=K         {sent: [{id, idempotencyKey, body, headers}]}: what was delivered
 *   GET  /__requests?key=K     {requests: [{idempotencyKey, status}]}: every call, answered how
 *   POST /__fail-next?key=K&status=500&count=1&name=...   the next `count` calls fail so
 *   POST /__reset?key=K
 *
 * State is kept per API key (the Bearer token), so test files running at once never see
 * each other's mail: give each test its own RESEND_API_KEY.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export const FAKE_RESEND_PORT = Number(process.env.FAKE_RESEND_PORT ?? 4011);

interface Sent {
  id: string;
  idempotencyKey: string | null;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

interface Mailbox {
  sent: Sent[];
  requests: { idempotencyKey: string | null; status: number }[];
  failures: { status: number; name?: string; retryAfter?: string }[];
  keys: Map<string, { body: string; status: number; response: unknown }>;
}

const errorNames: Record<number, string> = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  409: "concurrent_idempotent_requests",
  422: "validation_error",
  429: "rate_limit_exceeded",
  500: "internal_server_error",
  502: "internal_server_error",
  503: "internal_server_error",
};

export function createFakeResend() {
  const boxes = new Map<string, Mailbox>();
  let counter = 0;
  const box = (key: string) => {
    let b = boxes.get(key);
    if (!b) boxes.set(key, (b = { sent: [], requests: [], failures: [], keys: new Map() }));
    return b;
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "content-type": typeof body === "string" ? "text/plain" : "application/json", ...headers });
    res.end(text);
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const controlKey = url.searchParams.get("key") ?? "";
      if (req.method === "GET" && url.pathname === "/__sent") return send(res, 200, { sent: box(controlKey).sent });
      if (req.method === "GET" && url.pathname === "/__requests") return send(res, 200, { requests: box(controlKey).requests });
      if (req.method === "POST" && url.pathname === "/__fail-next") {
        const status = Number(url.searchParams.get("status") ?? 500);
        const count = Number(url.searchParams.get("count") ?? 1);
        const name = url.searchParams.get("name") ?? undefined;
        const retryAfter = url.searchParams.get("retryAfter") ?? undefined;
        for (let i = 0; i < count; i++) box(controlKey).failures.push({ status, name, retryAfter });
        return send(res, 200, { ok: true, queued: box(controlKey).failures.length });
      }
      if (req.method === "POST" && url.pathname === "/__reset") {
        boxes.delete(controlKey);
        return send(res, 200, { ok: true });
      }
      if (req.method === "POST" && url.pathname === "/emails") {
        const auth = req.headers.authorization ?? "";
        const apiKey = /^Bearer (.+)$/.exec(auth)?.[1];
        const raw = await readBody(req);
        if (!apiKey) return send(res, 401, { statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header." });
        const b = box(apiKey);
        const idem = (req.headers["idempotency-key"] as string | undefined) ?? null;
        const answer = (status: number, body: unknown, headers?: Record<string, string>) => {
          b.requests.push({ idempotencyKey: idem, status });
          send(res, status, body, headers);
        };
        const failure = b.failures.shift();
        if (failure) {
          const name = failure.name ?? errorNames[failure.status] ?? "application_error";
          const headers: Record<string, string> = failure.retryAfter ? { "retry-after": failure.retryAfter } : {};
          // A 5xx from a proxy is often not JSON at all: the SDK must cope with both.
          if (failure.status >= 500 && !failure.name) return answer(failure.status, "upstream error", headers);
          return answer(failure.status, { statusCode: failure.status, name, message: `scripted ${failure.status}` }, headers);
        }
        if (idem) {
          const earlier = b.keys.get(idem);
          if (earlier) {
            if (earlier.body !== raw) {
              return answer(409, { statusCode: 409, name: "invalid_idempotent_request", message: "Same idempotency key used with a different request payload." });
            }
            return answer(earlier.status, earlier.response);
          }
        }
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw);
        } catch {
          return answer(400, { statusCode: 400, name: "validation_error", message: "Invalid JSON" });
        }
        if (!body.from || !body.to || !body.subject) {
          return answer(422, { statusCode: 422, name: "missing_required_field", message: "Missing `from`, `to` or `subject`." });
        }
        const id = `fake-${++counter}`;
        const response = { id };
        if (idem) b.keys.set(idem, { body: raw, status: 200, response });
        b.sent.push({ id, idempotencyKey: idem, body, headers: req.headers });
        return answer(200, response);
      }
      return send(res, 404, { statusCode: 404, name: "not_found", message: "not found" });
    } catch (e) {
      send(res, 500, { statusCode: 500, name: "application_error", message: String(e) });
    }
  });

  return {
    server,
    listen: (port = FAKE_RESEND_PORT) =>
      new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
