-- Pause by agreement (paused_until, the open proposal), rematch (the offer, and the new game's
-- rematch_of, unique so a game is rematched once), and the address watching a computer-only game.
ALTER TABLE `games` ADD `paused_until` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `proposal` text;--> statement-breakpoint
ALTER TABLE `games` ADD `rematch` text;--> statement-breakpoint
ALTER TABLE `games` ADD `rematch_of` text;--> statement-breakpoint
ALTER TABLE `games` ADD `watcher` text;--> statement-breakpoint
CREATE UNIQUE INDEX `games_rematch_of` ON `games` (`rematch_of`) WHERE "games"."rematch_of" IS NOT NULL;
