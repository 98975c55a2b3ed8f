/**
 * "My games": an address asks for every game it plays and gets them in one mail, each with its
 * seat's link. The answer never says whether the address plays here, links are never shown on
 * the page, and the asking is limited per address and per client.
 */
import type { Deps } from "../deps";
import { seatTitle } from "../mail/names";
import type { MailPayload, MyGameEntry } from "../mail/payload";
import { queueMail } from "../store/outbox";
import { admit } from "../store/rate-limit";
import { gamesOfAddress } from "../store/seats";
import { addressKey } from "./addresses";
import { ServiceError } from "./errors";

export const MY_GAMES_LIMITS = { perAddressPerDay: 3, perClientPerHour: 10, listed: 30 };

const HOUR = 3_600_000;

/** Writes the mail if the address plays games here; answers its outbox id (null: nothing to send), never to the client. */
export async function mailMyGames(deps: Deps, input: { email: string; clientIp: string }): Promise<string | null> {
  const email = input.email.trim().toLowerCase();
  const key = addressKey(email);
  const now = deps.now();
  const admission = await admit(
    deps.db,
    [
      { name: `my-games-ip:${input.clientIp}`, max: MY_GAMES_LIMITS.perClientPerHour, windowMs: HOUR },
      { name: `my-games:${key}`, max: MY_GAMES_LIMITS.perAddressPerDay, windowMs: 24 * HOUR },
    ],
    [key],
    now,
  );
  // the client's own limit may be told; an address's limit, like its games, is not
  if (admission.exceeded?.name.startsWith("my-games-ip:")) throw new ServiceError(429, "rate_limited", "Too many requests for game lists from this address this hour; try again later");
  if (admission.exceeded || admission.blocked.length > 0) return null;
  const held = await gamesOfAddress(deps.db, email, MY_GAMES_LIMITS.listed);
  if (held.length === 0) return null;
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
  const payload: MailPayload = { subject: "[hexpost] Your games", seat: "", epoch: 0, lines: [], deadline: null, myGames };
  const id = deps.newId();
  await queueMail(deps.db, { id, gameId: null, seat: null, kind: "my_games", recipient: email, payload: payload as unknown as Record<string, unknown>, nextAttemptAt: now, createdAt: now });
  return id;
}
