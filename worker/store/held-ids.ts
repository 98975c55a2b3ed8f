/**
 * A held mail's id begins with its game and seat (`~game~seat~` and the id it would have had), so
 * the seat's held mails of a game are one range of the outbox's primary key: its opening, a
 * notice that reached it, a reply and the collapse of its held mails find them there, with no
 * index of their own to write (D1 counts each index entry as a row written). `~` sorts after
 * every time-ordered id (deps.ts orderedId), so searches by time never reach held ids.
 */
export const HELD_ID_START = "~";

/** Every held id of this game and seat sorts after this and before it followed by `~`. */
export const heldIdPrefix = (gameId: string, seat: string): string => `${HELD_ID_START}${gameId}~${seat}~`;

export const heldMailId = (gameId: string, seat: string, id: string): string => heldIdPrefix(gameId, seat) + id;
