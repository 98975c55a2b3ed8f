-- A held mail's id begins with its game and seat (worker/store/held-ids.ts): `~game~seat~` and the
-- id it had. The seat's held mails of a game are then one range of the primary key, and the index
-- outbox_held_seat goes: each held mail wrote an entry in it, a row written that D1 bills.
-- Held mails not yet tried take their new ids here; none has been sent, so no provider knows them
-- by the old one (a row already tried keeps its id, and is no longer a held mail to drop or merge).
UPDATE `outbox` SET `id` = '~' || `game_id` || '~' || `seat` || '~' || `id`
  WHERE `held` = 1 AND `status` = 'pending' AND `attempts` = 0 AND `game_id` IS NOT NULL AND `seat` IS NOT NULL AND substr(`id`, 1, 1) <> '~';--> statement-breakpoint
DROP INDEX IF EXISTS `outbox_held_seat`;
