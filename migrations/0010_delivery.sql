-- The delivery layer: push and webhook channels (a seat's or an address's), mail held for a
-- seat to come and look (dropped when it opens the game, collapsed when due), a seat's hold
-- time, and reminders 24 h and 4 h before a deadline (the timer index's new expression).
-- Columns are added in place (drizzle-kit wrote a table rebuild that copied columns the old
-- tables do not have).
CREATE TABLE `channels` (
	`id` text PRIMARY KEY NOT NULL,
	`game_id` text,
	`seat` text,
	`email` text,
	`kind` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text,
	`auth` text,
	`secret` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`disabled_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "channels_kind" CHECK("channels"."kind" IN ('push', 'discord', 'slack', 'ntfy', 'json')),
	CONSTRAINT "channels_scope" CHECK(("channels"."game_id" IS NOT NULL AND "channels"."seat" IS NOT NULL AND "channels"."email" IS NULL) OR ("channels"."game_id" IS NULL AND "channels"."seat" IS NULL AND "channels"."email" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channels_seat` ON `channels` (`game_id`,`seat`,`endpoint`) WHERE "channels"."game_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `channels_address` ON `channels` (`email`,`endpoint`) WHERE "channels"."email" IS NOT NULL;--> statement-breakpoint
DROP INDEX `games_due`;--> statement-breakpoint
CREATE INDEX `games_due_v2` ON `games` ((CASE WHEN "reminded" = 0 AND "hours_per_turn" > 24 THEN "deadline" - 86400000 WHEN "reminded" < 2 THEN "deadline" - 14400000 ELSE "deadline" END)) WHERE "games"."status" = 'active' AND "games"."deadline" IS NOT NULL AND "games"."deadline_noticed" = 0;--> statement-breakpoint
ALTER TABLE `outbox` ADD `channel_id` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `held` integer DEFAULT 0 NOT NULL CONSTRAINT "outbox_held" CHECK("held" IN (0, 1));--> statement-breakpoint
CREATE INDEX `outbox_held_seat` ON `outbox` (`game_id`,`seat`) WHERE "outbox"."held" = 1 AND "outbox"."status" = 'pending';--> statement-breakpoint
ALTER TABLE `seats` ADD `hold_minutes` integer DEFAULT 15 NOT NULL CONSTRAINT "seats_hold_minutes" CHECK("hold_minutes" BETWEEN 0 AND 1440);
