-- The log's pages compressed (worker/store/packed.ts): a commit that moves a full tail to its page
-- writes it as text, as before, and the Worker then replaces that text by its raw DEFLATE bytes
-- (a BLOB in the same column: a TEXT column keeps a BLOB as it is). SQL cannot read those bytes,
-- so the view `turns` (for SQL by hand, migration 0015) shows the tails and the pages still in
-- text only; the whole log is the store's to read (store/log.ts), or the game's export.
DROP VIEW `turns`;
--> statement-breakpoint
CREATE VIEW `turns` AS
SELECT p.`game_id` AS `game_id`, json_extract(t.value, '$.seq') AS `seq`, json_extract(t.value, '$.seat') AS `seat`,
	coalesce(json_extract(t.value, '$.byBot'), 0) AS `by_bot`, json_extract(t.value, '$.actions') AS `actions`,
	json_extract(t.value, '$.events') AS `events`, coalesce(json_extract(t.value, '$.draws'), '[]') AS `draws`,
	json_extract(t.value, '$.service') AS `service`, coalesce(json_extract(t.value, '$.byOrder'), 0) AS `by_order`,
	json_extract(t.value, '$.idempotencyKey') AS `idempotency_key`, json_extract(t.value, '$.at') AS `at`
FROM (SELECT `game_id`, `turns` FROM `log_pages` WHERE typeof(`turns`) = 'text') p, json_each(p.`turns`) t
UNION ALL
SELECT g.`id`, json_extract(t.value, '$.seq'), json_extract(t.value, '$.seat'),
	coalesce(json_extract(t.value, '$.byBot'), 0), json_extract(t.value, '$.actions'),
	json_extract(t.value, '$.events'), coalesce(json_extract(t.value, '$.draws'), '[]'),
	json_extract(t.value, '$.service'), coalesce(json_extract(t.value, '$.byOrder'), 0),
	json_extract(t.value, '$.idempotencyKey'), json_extract(t.value, '$.at')
FROM `games` g, json_each(g.`log_tail`) t;
