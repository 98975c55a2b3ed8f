DROP INDEX `games_due`;--> statement-breakpoint
ALTER TABLE `games` ADD `sitting_from` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `games_due` ON `games` ((CASE WHEN "reminded" = 0 THEN "deadline" - "hours_per_turn" * 900000 ELSE "deadline" END)) WHERE "games"."status" = 'active' AND "games"."deadline" IS NOT NULL AND "games"."deadline_noticed" = 0;--> statement-breakpoint
ALTER TABLE `outbox` ADD `first_attempt_at` integer;--> statement-breakpoint
CREATE INDEX `outbox_digest` ON `outbox` (`recipient`) WHERE "outbox"."kind" = 'digest' AND "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `seats_digest` ON `seats` (`email`) WHERE "seats"."prefs" = 'digest';