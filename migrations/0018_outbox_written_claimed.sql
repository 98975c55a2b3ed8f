-- A notice or mail due at once is written already claimed by the request that sends it right
-- after its response (worker/mail/claimed.ts), and nearly always leaves the outbox (a delivered
-- notice) or the pending state (a sent mail) a moment later. Kept out of outbox_due, such a row
-- costs one row written instead of two (D1 counts every index entry), and its result one
-- instead of two. The cron finds the few whose request died by their ids, which begin with the
-- time they were written (worker/store/outbox.ts claimDue, orphanWindow); a claim of one puts it back.
ALTER TABLE `outbox` ADD `written_claimed` integer DEFAULT 0 NOT NULL CHECK (`written_claimed` IN (0, 1));
--> statement-breakpoint
DROP INDEX `outbox_due`;
--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`next_attempt_at`) WHERE "outbox"."status" = 'pending' AND "outbox"."written_claimed" = 0;
