import type { Db } from "./repository";

/**
 * The bench's yardstick (dev mode only): the row a submission that keeps the seat on move
 * writes (the game's new state and seq, its turn appended to the log's tail), as one bare D1
 * batch with hand-written SQL and nothing else. `npm run bench` divides a submission's time by this one's.
 */
export async function bareBatch(db: Db, row: { gameId: string; seq: number; seat: string; actions: unknown[]; events: unknown[]; state: unknown; at: number }) {
  const d1 = db.$client;
  const turn = JSON.stringify([{ seq: row.seq, seat: row.seat, actions: row.actions, events: row.events, at: row.at }]);
  await d1.batch([
    d1
      .prepare("UPDATE games SET state = ?1, seq = ?2, updated_at = ?3, log_tail = CASE WHEN log_tail = '[]' THEN ?4 ELSE substr(log_tail, 1, length(log_tail) - 1) || ',' || substr(?4, 2) END WHERE id = ?5")
      .bind(JSON.stringify(row.state), row.seq, row.at, turn, row.gameId),
  ]);
}
