-- Replies by mail (worker/inbound): each Message-ID is applied at most once. The primary key
-- is the constraint; the row also keeps what became of the reply. Written by hand: drizzle's
-- meta folder is left as it was.
CREATE TABLE `inbound_mail` (
	`message_id` text PRIMARY KEY NOT NULL,
	`game_id` text NOT NULL,
	`seat` text NOT NULL,
	`status` text NOT NULL,
	`received_at` integer NOT NULL
) WITHOUT ROWID;
