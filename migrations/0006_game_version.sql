-- A version that moves on every write to a game or its seats: an isolate may hold a game in memory
-- and trust it only through a commit that checks the stored version is still the one it read.
ALTER TABLE `games` ADD `version` integer DEFAULT 0 NOT NULL;