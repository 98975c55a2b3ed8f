/**
 * Rematch. Once a game is over any human seat may ask to play again; when every human seat
 * has asked, a new game starts with the same ruleset, scenario, options and time control, a new
 * seed and commitment, and everyone one seat on (with two seats, the sides swap; the computer's
 * seats move along too). Each human's old link then leads to their new seat.
 */
import { seatToken } from "../auth";
import type { Deps } from "../deps";
import { rematchMails, rematchStartMails } from "../mail/rematch";
import { reachOut } from "./reach";
import { readStartScenario, saveRematch } from "../store/repository";
import { newSeatRow } from "../store/rows";
import { archivedExport, isArchived } from "./archived";
import type { Rematch, SeatRow } from "../store/types";
import { admit } from "../store/rate-limit";
import { addressKey } from "./addresses";
import { BOT_NAMES, CUSTOM_SCENARIO, creationLimits, startGame, tooManyGames } from "./create";
import { ServiceError } from "./errors";
import { proposalLimit, tooManyProposals } from "./pause";
import { humanSeats, requireSeat, type Opened } from "./load";

/** decision: everyone moves one seat on, so with two seats the sides swap and with more the first move passes along. */
export function nextSeat(seats: readonly Pick<SeatRow, "seat">[], seat: string): string {
  const i = seats.findIndex((s) => s.seat === seat);
  return seats[(i + 1) % seats.length]!.seat;
}

/** What a seat sees of the rematch: who asked, who is still to, and its own link to the new game. */
export async function rematchView(deps: Deps, opened: Pick<Opened, "game" | "seats" | "you">) {
  const { game, seats, you } = opened;
  if (game.status !== "finished") return null;
  const rematch = game.rematch ?? { agreed: [], gameId: null };
  const waitingFor = humanSeats(seats).filter((s) => !rematch.agreed.includes(s));
  let url: string | null = null;
  if (rematch.gameId && you) {
    const token = await seatToken(deps.env.TOKEN_SECRET, rematch.gameId, nextSeat(seats, you.seat), 0);
    url = `${deps.env.APP_URL}/g/${rematch.gameId}#t=${token}`;
  }
  return { agreed: rematch.agreed, waitingFor: rematch.gameId ? [] : waitingFor, gameId: rematch.gameId, ...(you ? { url } : {}) };
}

/** Asks for a rematch (or, with accept false, declines the one offered); the last to ask starts it. */
export async function requestRematch(deps: Deps, opened: Opened, accept: boolean, clientIp: string) {
  const you = requireSeat(opened);
  const { game, seats, ruleset } = opened;
  if (game.status !== "finished") throw new ServiceError(409, "not_over", "The game is not over yet: a rematch is asked for once it ends");
  const offer = game.rematch;
  if (offer?.gameId) return rematchView(deps, opened);
  const now = deps.now();
  if (!accept) {
    if (!offer || offer.agreed.length === 0) throw new ServiceError(409, "no_rematch", "Nobody has asked for a rematch");
    const mails = await reachOut(deps, game.id, seats, rematchMails({ game, seats, ruleset, now, newId: deps.newId }, you, "declined", offer.agreed));
    if (!(await saveRematch(deps.db, game.id, game.version, null, mails))) throw stale(game.seq);
    deps.cache.forget(game.id);
    return rematchView(deps, { ...opened, game: { ...game, rematch: null } });
  }
  if (offer?.agreed.includes(you.seat)) return rematchView(deps, opened);
  const agreed = [...(offer?.agreed ?? []), you.seat];
  const humans = humanSeats(seats);
  const starts = humans.every((s) => agreed.includes(s));
  // One round trip: the seat's asks a day; when this ask starts the game, the limits of a create
  // (a new game from this IP, a mail to each human's address), else the block list of those
  // the offer would mail (an address that blocked hexpost is not offered anything).
  const mailedTo = seats.filter((s) => s.bot === 0 && s.email && (starts || (s.seat !== you.seat && !offer?.agreed.length)));
  const keys = [...new Set(mailedTo.map((s) => addressKey(s.email!)))];
  const admission = await admit(deps.shards.home, [proposalLimit(`rematch:${game.id}:${you.seat}`), ...(starts ? creationLimits(deps, clientIp, keys) : [])], keys, now);
  if (admission.exceeded) throw admission.exceeded.name.startsWith("rematch:") ? tooManyProposals() : tooManyGames(admission.exceeded);
  const blocked = new Set(admission.blocked);
  const unblocked = (s: SeatRow) => !(s.email && blocked.has(addressKey(s.email)));
  if (!starts) {
    // the others hear of it once, when it is first offered
    const mails = offer?.agreed.length ? [] : await reachOut(deps, game.id, seats, rematchMails({ game, seats, ruleset, now, newId: deps.newId }, you, "offered", humans.filter((s) => s !== you.seat && unblocked(seats.find((x) => x.seat === s)!))));
    const rematch: Rematch = { agreed, gameId: null };
    if (!(await saveRematch(deps.db, game.id, game.version, rematch, mails))) throw stale(game.seq);
    deps.cache.forget(game.id);
    return rematchView(deps, { ...opened, game: { ...game, rematch } });
  }

  // an archived game's inline scenario is in its record (games/archived.ts)
  const inline = async () => (isArchived(game) ? ((await archivedExport(deps, game.id)).scenario as Record<string, unknown>) : await readStartScenario(deps.db, game.id));
  const scenario = game.scenario === CUSTOM_SCENARIO ? ((await inline()) ?? game.scenario) : game.scenario;
  let botsNamed = 0;
  // a player keeps its name, address and mail settings; the rest of its seat starts fresh
  const moved: SeatRow[] = seats.map((s) =>
    newSeatRow({
      gameId: "",
      seat: nextSeat(seats, s.seat),
      bot: s.bot,
      botLevel: s.botLevel,
      prefs: s.prefs,
      holdMinutes: s.holdMinutes,
      // decision: a seat the computer took over (its player left) stays the computer's
      ...(s.bot === 1 ? { name: BOT_NAMES[botsNamed++ % BOT_NAMES.length]!, email: null } : { name: s.name, email: s.email }),
    }),
  );
  const order = seats.map((s) => s.seat);
  moved.sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat));
  const creator = nextSeat(seats, you.seat);
  const started = await startGame(
    deps,
    { ruleset, scenario, options: game.options, hoursPerTurn: game.hoursPerTurn, seats: moved, creator },
    {
      rematchOf: { id: game.id, version: game.version, agreed },
      // decision: a human whose address blocked hexpost asked for this game themselves, but is
      // not mailed: the old game's page leads them to their new seat
      mails: (h) => rematchStartMails(h, you).filter((m) => !blocked.has(addressKey(m.recipient))),
    },
  );
  if (started === null) throw stale(game.seq);
  deps.cache.forget(game.id);
  return rematchView(deps, { ...opened, game: { ...game, rematch: { agreed, gameId: started } } });
}

const stale = (seq: number) => new ServiceError(409, "stale_seq", "The game changed at the same moment; reload and try again", { seq });
