/**
 * A bench running the Worker's app in Node reaches D1 and R2 through miniflare's proxies, whose
 * property reads are synchronous: the main thread posts the request to a helper thread, sleeps
 * until woken, then takes the answer from the port. Under load it can be woken before the answer
 * is on the port: the port answers nothing, miniflare's check fails, and every later answer is
 * one behind (the scale bench died so, 2026-11-26 12:04-12:10 UTC). Waiting for the answer that
 * is on its way keeps the replies in step; it changes nothing else.
 */
import workerThreads from "node:worker_threads";

const nap = new Int32Array(new SharedArrayBuffer(4));
const take = workerThreads.receiveMessageOnPort;

(workerThreads as { receiveMessageOnPort: typeof take }).receiveMessageOnPort = (port) => {
  let message = take(port);
  for (let waited = 0; message === undefined && waited < 10_000; waited++) {
    Atomics.wait(nap, 0, 0, 1);
    message = take(port);
  }
  return message;
};
