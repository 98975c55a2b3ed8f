import type { MailDeps } from "./deps";
import { gamesAwaitingDigests } from "../store/mail-rows";
import { everyShard } from "../store/shards";
import type { OutboxRecord } from "../store/outbox";
import { gameSubject } from "./handover";
import { payloadOf, type DigestEntry, type MailPayload } from "./payload";

/** Games one digest lists at most. */
export const DIGEST_MAX_GAMES = 50;

export type DigestPlan =
  | { kind: "send"; recipient: string; payload: MailPayload }
  | { kind: "merged"; into: string }
  | { kind: "empty" };

type Row = Pick<OutboxRecord, "id" | "recipient" | "payload" | "createdAt">;

/**
 * A digest row is written at each hand-over to a `digest` seat and comes due at the next
 * daily digest time. When due, the rows of one address become one mail listing every game
 * then awaiting that address (found through the seats_digest index, never by scanning
 * games); the list is frozen into the row so a retry sends the same mail.
 */
export async function composeDigests(deps: MailDeps, rows: readonly Row[], _now: number): Promise<Map<string, DigestPlan>> {
  const plans = new Map<string, DigestPlan>();
  const retrying = new Map<string, string>(); // recipient -> id of its row whose list is frozen
  const byRecipient = new Map<string, Row[]>();
  for (const r of rows) {
    const frozen = payloadOf(r);
    if (frozen.digest && !retrying.has(r.recipient)) {
      // A retry: the list was frozen on the first try.
      plans.set(r.id, { kind: "send", recipient: r.recipient, payload: frozen });
      retrying.set(r.recipient, r.id);
    } else byRecipient.set(r.recipient, [...(byRecipient.get(r.recipient) ?? []), r]);
  }
  const recipients: string[] = [];
  for (const [email, list] of byRecipient) {
    const into = retrying.get(email);
    if (into) for (const r of list) plans.set(r.id, { kind: "merged", into });
    else recipients.push(email);
  }
  if (recipients.length === 0) return plans;

  // the address's games on every shard (store/shards.ts), soonest deadline first
  const found = await everyShard(deps.shards, (db) => gamesAwaitingDigests(db, recipients, DIGEST_MAX_GAMES));
  const names = new Map(found.flatMap((f) => [...f.names]));
  const lists = recipients.map((_, i) =>
    found
      .flatMap((f) => f.lists[i]!)
      .sort((a, b) => (a.deadline ?? Infinity) - (b.deadline ?? Infinity))
      .slice(0, DIGEST_MAX_GAMES),
  );

  recipients.forEach((email, i) => {
    const [first, ...rest] = [...byRecipient.get(email)!].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    for (const r of rest) plans.set(r.id, { kind: "merged", into: first!.id });
    const entries: DigestEntry[] = lists[i]!.map((e) => ({
      gameId: e.gameId,
      seat: e.seat,
      epoch: e.epoch,
      deadline: e.deadline,
      subject: gameSubject({ gameId: e.gameId, rulesetTitle: deps.rulesets.get(e.ruleset)?.title ?? e.ruleset, seats: names.get(e.gameId) ?? [] }),
    }));
    if (entries.length === 0) {
      plans.set(first!.id, { kind: "empty" });
      return;
    }
    const base = payloadOf(first!);
    plans.set(first!.id, { kind: "send", recipient: email, payload: { ...base, digest: entries } });
  });
  return plans;
}
