-- Vacation: a seat may stop its move clock for up to 14 days a game.
ALTER TABLE `seats` ADD `vacation_until` integer;--> statement-breakpoint
ALTER TABLE `seats` ADD `vacation_left` integer DEFAULT 1209600000 NOT NULL;