-- The log as JSON (worker/store/log.ts): a game's newest turns in its row's `log_tail`, written
-- by the same UPDATE as the game, so a request that plays writes one row, not a turn row and
-- the game row; the older turns in `log_pages`, a page a row. The old rows become pages of up to
-- 32 turns (a field at its default is left out, as store/log.ts storedTurns writes them; no
-- CASE here: wrangler's splitter of statements takes its END for a block's), and
-- the view `turns` shows the log as rows again, for SQL by hand.
ALTER TABLE `games` ADD `log_tail` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
CREATE TABLE `log_pages` (
	`game_id` text NOT NULL,
	`last_seq` integer NOT NULL,
	`turns` text NOT NULL,
	PRIMARY KEY(`game_id`, `last_seq`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `log_pages` (`game_id`, `last_seq`, `turns`)
SELECT `game_id`, max(`seq`), json_group_array(json(`turn`) ORDER BY `seq`) FROM (
	SELECT `game_id`, `seq`, (`seq` - 1) / 32 AS `page`,
		json_patch(
			json_object('seq', `seq`, 'seat', `seat`, 'actions', json(`actions`), 'events', json(`events`), 'at', `at`),
			json_object(
				'byBot', nullif(`by_bot`, 0),
				'draws', json(nullif(`draws`, '[]')),
				'service', `service`,
				'byOrder', nullif(`by_order`, 0),
				'idempotencyKey', `idempotency_key`
			)
		) AS `turn`
	FROM `turns`
) GROUP BY `game_id`, `page`;
--> statement-breakpoint
DROP TABLE `turns`;
--> statement-breakpoint
CREATE VIEW `turns` AS
SELECT p.`game_id` AS `game_id`, json_extract(t.value, '$.seq') AS `seq`, json_extract(t.value, '$.seat') AS `seat`,
	coalesce(json_extract(t.value, '$.byBot'), 0) AS `by_bot`, json_extract(t.value, '$.actions') AS `actions`,
	json_extract(t.value, '$.events') AS `events`, coalesce(json_extract(t.value, '$.draws'), '[]') AS `draws`,
	json_extract(t.value, '$.service') AS `service`, coalesce(json_extract(t.value, '$.byOrder'), 0) AS `by_order`,
	json_extract(t.value, '$.idempotencyKey') AS `idempotency_key`, json_extract(t.value, '$.at') AS `at`
FROM `log_pages` p, json_each(p.`turns`) t
UNION ALL
SELECT g.`id`, json_extract(t.value, '$.seq'), json_extract(t.value, '$.seat'),
	coalesce(json_extract(t.value, '$.byBot'), 0), json_extract(t.value, '$.actions'),
	json_extract(t.value, '$.events'), coalesce(json_extract(t.value, '$.draws'), '[]'),
	json_extract(t.value, '$.service'), coalesce(json_extract(t.value, '$.byOrder'), 0),
	json_extract(t.value, '$.idempotencyKey'), json_extract(t.value, '$.at')
FROM `games` g, json_each(g.`log_tail`) t;
