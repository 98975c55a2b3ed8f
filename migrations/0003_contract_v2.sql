-- Contract v2: recorded draws and service tags on turns, standing orders on seats, and the
-- position each game started from. `starts` is WITHOUT ROWID (one row written, not two),
-- which drizzle cannot say, hence by hand.
CREATE TABLE `starts` (
	`game_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `seats` ADD `orders` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `turns` ADD `draws` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `turns` ADD `service` text;--> statement-breakpoint
ALTER TABLE `turns` ADD `by_order` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Service turns used to be recognised by their action's type; they are tagged now and carry no action.
UPDATE `turns` SET `service` = json_extract(`actions`, '$[0].type'), `actions` = '[]'
  WHERE json_extract(`actions`, '$[0].type') IN ('resign', 'claim_timeout');--> statement-breakpoint
UPDATE `turns` SET `service` = 'bots_resumed'
  WHERE `actions` = '[]' AND json_extract(`events`, '$[0].kind') = 'bots_resumed';
