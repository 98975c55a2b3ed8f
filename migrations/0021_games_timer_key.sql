-- The cron finds games by `timer_at` (worker/store/timer-at.ts), a key never later than the moment
-- the game next owes a reminder or a deadline notice, instead of by that moment itself
-- (games_due_v2, an index on an expression of the deadline). A hand-over moves the deadline; the
-- expression's entry moved with it, one row written that D1 bills on every hand-over. The key
-- stays where it is unless the new moment is earlier, and the cron moves a key that came early.
ALTER TABLE `games` ADD `timer_at` integer;
--> statement-breakpoint
UPDATE `games` SET `timer_at` = (CASE WHEN `reminded` = 0 AND `hours_per_turn` > 24 THEN `deadline` - 86400000 WHEN `reminded` < 2 THEN `deadline` - 14400000 ELSE `deadline` END)
  WHERE `status` = 'active' AND `deadline` IS NOT NULL AND `deadline_noticed` = 0;
--> statement-breakpoint
DROP INDEX IF EXISTS `games_due_v2`;
--> statement-breakpoint
CREATE INDEX `games_timer` ON `games` (`timer_at`) WHERE "games"."timer_at" IS NOT NULL;
