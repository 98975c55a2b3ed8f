import type { Env as WorkerEnv } from "../../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      TEST_SINK_URL: string;
    }
    interface GlobalProps {
      mainModule: typeof import("../../worker/index");
    }
  }
}
