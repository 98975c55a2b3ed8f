CREATE TABLE `blocked_addresses` (
	`email` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`ruleset` text NOT NULL,
	`scenario` text NOT NULL,
	`options` text NOT NULL,
	`state` text NOT NULL,
	`seq` integer NOT NULL,
	`to_act` text NOT NULL,
	`status` text NOT NULL,
	`outcome` text,
	`seed` text NOT NULL,
	`seed_commitment` text NOT NULL,
	`hours_per_turn` integer,
	`deadline` integer,
	`reminded` integer DEFAULT 0 NOT NULL,
	`deadline_noticed` integer DEFAULT 0 NOT NULL,
	`bots_waiting` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "games_status" CHECK("games"."status" IN ('active', 'finished')),
	CONSTRAINT "games_seq" CHECK("games"."seq" >= 0)
);
--> statement-breakpoint
CREATE INDEX `games_due` ON `games` (`deadline`) WHERE "games"."status" = 'active' AND "games"."deadline" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `games_bots_waiting` ON `games` (`updated_at`) WHERE "games"."bots_waiting" = 1 AND "games"."status" = 'active';--> statement-breakpoint
CREATE TABLE `outbox` (
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
	CONSTRAINT "outbox_status" CHECK("outbox"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`next_attempt_at`) WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `seats` (
	`game_id` text NOT NULL,
	`seat` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`bot` integer DEFAULT 0 NOT NULL,
	`epoch` integer DEFAULT 0 NOT NULL,
	`prefs` text DEFAULT 'every_turn' NOT NULL,
	`undeliverable` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`game_id`, `seat`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "seats_prefs" CHECK("seats"."prefs" IN ('every_turn', 'digest', 'none')),
	CONSTRAINT "seats_bot" CHECK("seats"."bot" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE `turns` (
	`game_id` text NOT NULL,
	`seq` integer NOT NULL,
	`seat` text NOT NULL,
	`by_bot` integer DEFAULT 0 NOT NULL,
	`actions` text NOT NULL,
	`events` text NOT NULL,
	`idempotency_key` text,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seq`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `turns_idempotency` ON `turns` (`game_id`,`idempotency_key`,`seat`) WHERE "turns"."idempotency_key" IS NOT NULL;