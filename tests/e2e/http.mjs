// The HTTP layer as a user meets it through `npm start` (wrangler dev's local proxy in front of
// workerd): a body over the 64 KiB limit gets its 413, and the next request is answered at once.
// (Before the Worker read refused bodies to their end, the request after a 413 hung for over
// 120 s behind that proxy; the worker tests never go through it.)
import http from "node:http";
import { assert } from "./lib.mjs";

/** One request on its own connection (as curl does); resolves {status, ms} or rejects after `timeout` ms. */
function send(base, method, path, { body, chunked = false, timeout = 10_000 } = {}) {
  const url = new URL(path, base);
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const headers = { accept: "application/json", connection: "close" };
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      if (chunked) headers["transfer-encoding"] = "chunked";
      else headers["content-length"] = String(body.length);
    }
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method, headers, agent: false });
    req.setTimeout(timeout, () => req.destroy(new Error(`${method} ${path}: no answer in ${timeout} ms`)));
    req.on("error", reject);
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, ms: Date.now() - t0 }));
    });
    if (body === undefined) return req.end();
    if (!chunked) return req.end(body);
    // a chunked upload in 16 KiB pieces
    for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.subarray(i, i + 16 * 1024));
    req.end();
  });
}

const OVER = Buffer.alloc(70 * 1024, "a");
const HUGE = Buffer.alloc(2 * 1024 * 1024, "a");

export function httpTests(test) {
  test("http: after a 413 (chunked and Content-Length, 70 KB and 2 MB, each route) the next request is answered within 1 s", async ({ base }) => {
    const routes = [
      ["POST", "/api/my-games"],
      ["POST", "/api/games"],
      ["POST", "/api/games/nosuchgame/actions"],
      ["POST", "/api/games/nosuchgame/pause"],
      ["POST", "/api/games/nosuchgame/continue"],
      ["PUT", "/api/games/nosuchgame/orders"],
    ];
    const cases = [];
    for (const [method, path] of routes) for (const chunked of [false, true]) cases.push({ method, path, chunked, body: OVER });
    cases.push({ method: "POST", path: "/api/games", chunked: false, body: HUGE }, { method: "POST", path: "/api/games", chunked: true, body: HUGE });
    for (const { method, path, chunked, body } of cases) {
      const what = `${method} ${path} (${chunked ? "chunked" : "Content-Length"}, ${body.length} bytes)`;
      const refused = await send(base, method, path, { body, chunked });
      assert(refused.status === 413, `${what}: ${refused.status}, not 413`);
      const next = await send(base, "GET", "/api/health", { timeout: 1000 }).catch((e) => ({ status: 0, error: e.message }));
      assert(next.status === 200, `after ${what} the next GET: ${next.error ?? next.status}`);
      const post = await send(base, "POST", "/api/games/nosuchgame/continue", { body: Buffer.from("{}"), timeout: 1000 }).catch((e) => ({ status: 0, error: e.message }));
      assert(post.status === 404, `after ${what} the next POST: ${post.error ?? post.status}`);
    }
  });
}
