import type { Deps } from "../deps";

/** Work to finish after the response, e.g. sending the mail the request just wrote. */
export type AfterCommit = (deps: Deps, gameId: string) => Promise<unknown>;
