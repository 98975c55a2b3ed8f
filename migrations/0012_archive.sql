-- Archival: a finished game older than ARCHIVE_AFTER_DAYS is written to R2 as its export
-- (worker/games/archive.ts) and its log, start, mail and channels leave D1; its games row
-- stays as the small row that says so (state emptied, archived_at set), with its seats (the
-- address directory "my games" and seat links need). The partial index holds only finished
-- games not yet archived, oldest first, so the cron finds them without a scan. Written by
-- hand: drizzle's meta folder is left as it was.
ALTER TABLE `games` ADD `archived_at` integer;
--> statement-breakpoint
CREATE INDEX `games_archivable` ON `games` (`updated_at`) WHERE "games"."status" = 'finished' AND "games"."archived_at" IS NULL;
