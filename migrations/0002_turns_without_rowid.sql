-- The log is read and written only by its primary key (game_id, seq). As a WITHOUT ROWID
-- table that key is the table itself, so storing a turn writes one row instead of two
-- (D1 counts index entries as rows written). drizzle has no syntax for this, hence by hand.
CREATE TABLE `turns_keyed` (
	`game_id` text NOT NULL,
	`seq` integer NOT NULL,
	`seat` text NOT NULL,
	`by_bot` integer DEFAULT 0 NOT NULL,
	`actions` text NOT NULL,
	`events` text NOT NULL,
	`idempotency_key` text,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seq`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `turns_keyed` SELECT `game_id`, `seq`, `seat`, `by_bot`, `actions`, `events`, `idempotency_key`, `at` FROM `turns`;
--> statement-breakpoint
DROP TABLE `turns`;
--> statement-breakpoint
ALTER TABLE `turns_keyed` RENAME TO `turns`;
--> statement-breakpoint
CREATE UNIQUE INDEX `turns_idempotency` ON `turns` (`game_id`,`idempotency_key`,`seat`) WHERE "turns"."idempotency_key" IS NOT NULL;
