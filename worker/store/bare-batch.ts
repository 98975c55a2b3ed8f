import type { Db } from "./repository";

/**
 * The bench's yardstick (dev mode only): the rows a submission that keeps the seat on move
 * writes (its turn, the game's new state and seq), as one bare D1 batch with hand-written SQL
 * and nothing else. `npm run bench` divides a submission's time by this one's.
 */
export async function bareBatch(db: Db, row: { gameId: string; seq: number; seat: string; actions: unknown[]; events: unknown[]; state: unknown; at: number }) {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare("INSERT INTO turns (game_id, seq, seat, actions, events, at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(row.gameId, row.seq, row.seat, JSON.stringify(row.actions), JSON.stringify(row.events), row.at),
    d1.prepare("UPDATE games SET state = ?, seq = ?, updated_at = ? WHERE id = ?").bind(JSON.stringify(row.state), row.seq, row.at, row.gameId),
  ]);
}
