import type { Deps } from "../deps";

/** Work to finish after the response, e.g. sending the mail the request just wrote. */
export type AfterCommit = (deps: Deps, gameId: string) => Promise<unknown>;

/** Sending one mail that belongs to no game's change, after the response. */
export type AfterMail = (deps: Deps, outboxId: string) => Promise<unknown>;
