/** The rows the rest of the service reads and writes, without the schema (SQL stays in store/). */
export type { ChannelRow, GameRow, OutboxRow, Proposal, Rematch, SeatRow, TurnRow } from "./schema";
