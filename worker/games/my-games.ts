/**
 * "My games": an address asks for every game it plays and gets them in one mail, each with its
 * seat's link. The answer never says whether the address plays here, links are never shown on
 * the page, and the asking is limited per address and per client. Nor does the time it takes:
 * before the answer every address costs the same one round trip (the limits, the block list
 * and the games, in one batch); the mail is queued and sent after the answer.
 */
import type { Deps } from "../deps";
import { seatTitle } from "../mail/names";
import type { MailPayload, MyGameEntry } from "../mail/payload";
import { queueMail } from "../store/outbox";
import { admit } from "../store/rate-limit";
import { gamesOfAddress, gamesOfAddressQuery, type AddressGame } from "../store/seats";
import { addressChannelsQuery } from "../store/channels";
import { hostOf } from "./channels";
import { addressKey } from "./addresses";
import { ServiceError } from "./errors";

export const MY_GAMES_LIMITS = { perAddressPerDay: 3, perClientPerHour: 10, listed: 30 };

const HOUR = 3_600_000;

/** The mail an address is owed, to queue after the answer: null when it is owed nothing. */
export type MyGamesMail = Parameters<typeof queueMail>[1] | null;

/** Reads what the address is owed, the same work whatever the address; never tells the client. */
export async function findMyGames(deps: Deps, input: { email: string; clientIp: string }): Promise<MyGamesMail> {
  const email = input.email.trim().toLowerCase();
  const key = addressKey(email);
  const now = deps.now();
  const home = deps.shards.home;
  // every shard is asked, whatever the address (store/shards.ts): home within the admission's round trip, the others beside it
  const [admission, ...elsewhere] = await Promise.all([
    admit(
    home,
    [
      { name: `my-games-ip:${input.clientIp}`, max: MY_GAMES_LIMITS.perClientPerHour, windowMs: HOUR },
      { name: `my-games:${key}`, max: MY_GAMES_LIMITS.perAddressPerDay, windowMs: 24 * HOUR },
    ],
    [key],
    now,
    [gamesOfAddressQuery(home, email, MY_GAMES_LIMITS.listed), addressChannelsQuery(home, email)],
    ),
    ...deps.shards.all.slice(1).map((db) => gamesOfAddress(db, email, MY_GAMES_LIMITS.listed)),
  ]);
  // the client's own limit may be told; an address's limit, like its games, is not
  if (admission.exceeded?.name.startsWith("my-games-ip:")) throw new ServiceError(429, "rate_limited", "Too many requests for game lists from this address this hour; try again later");
  const held = (elsewhere as AddressGame[][])
    .reduce((all, rows) => all.concat(rows), admission.alongside[0] as AddressGame[])
    .sort((a, b) => Number(b.status === "active") - Number(a.status === "active") || b.updatedAt - a.updatedAt)
    .slice(0, MY_GAMES_LIMITS.listed);
  // the notifications that serve every game of the address live in one place, and this mail says where
  const addressChannels = (admission.alongside[1] as { kind: string; endpoint: string; disabledAt: number | null }[]).map((c) => ({
    kind: c.kind,
    target: hostOf(c.endpoint),
    disabled: c.disabledAt !== null,
  }));
  if (admission.exceeded || admission.blocked.length > 0 || held.length === 0) return null;
  const myGames: MyGameEntry[] = held.map((g) => ({
    gameId: g.gameId,
    seat: g.seat,
    epoch: g.epoch,
    rulesetTitle: deps.rulesets.get(g.ruleset)?.title ?? g.ruleset,
    status: g.status,
    yourMove: g.status === "active" && g.toAct.includes(g.seat),
    waitingFor: g.toAct.filter((s) => s !== g.seat).map(seatTitle),
    deadline: g.deadline,
    updatedAt: g.updatedAt,
  }));
  const payload: MailPayload = { subject: "[hexpost] Your games", seat: "", epoch: 0, lines: [], deadline: null, myGames, addressChannels };
  return { id: deps.newId(), gameId: null, seat: null, kind: "my_games", recipient: email, payload, nextAttemptAt: now, createdAt: now };
}

/** After the answer: queues the mail (the cron retries it like any other) and hands it to the transport. */
export async function queueMyGames(deps: Deps, mail: MyGamesMail): Promise<string | null> {
  if (!mail) return null;
  await queueMail(deps.db, mail);
  return mail.id!;
}
