-- The outbox keyed by its id alone: as a WITHOUT ROWID table the primary key is the table
-- itself, so a mail written is one row and its partial index entries, not also a second
-- primary-key index entry (D1 counts every index entry as a row written). Ids sort in the order
-- they were made (worker/deps.ts orderedId), so "in the order written" is ORDER BY created_at, id.
-- drizzle has no syntax for this, hence by hand (as 0002 did for turns).
CREATE TABLE `outbox_keyed` (
	`id` text PRIMARY KEY NOT NULL,
	`game_id` text,
	`seat` text,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`provider_id` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`first_attempt_at` integer,
	`channel_id` text,
	`held` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "outbox_held" CHECK("held" IN (0, 1)),
	CONSTRAINT "outbox_status" CHECK("status" IN ('pending', 'sent', 'failed'))
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `outbox_keyed` (`id`, `game_id`, `seat`, `kind`, `recipient`, `payload`, `status`, `attempts`, `next_attempt_at`, `last_error`, `provider_id`, `created_at`, `sent_at`, `first_attempt_at`, `channel_id`, `held`)
SELECT `id`, `game_id`, `seat`, `kind`, `recipient`, `payload`, `status`, `attempts`, `next_attempt_at`, `last_error`, `provider_id`, `created_at`, `sent_at`, `first_attempt_at`, `channel_id`, `held` FROM `outbox`;
--> statement-breakpoint
DROP TABLE `outbox`;
--> statement-breakpoint
ALTER TABLE `outbox_keyed` RENAME TO `outbox`;
--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`next_attempt_at`) WHERE "outbox"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX `outbox_digest` ON `outbox` (`recipient`) WHERE "outbox"."kind" = 'digest' AND "outbox"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX `outbox_held_seat` ON `outbox` (`game_id`,`seat`) WHERE "outbox"."held" = 1 AND "outbox"."status" = 'pending';
