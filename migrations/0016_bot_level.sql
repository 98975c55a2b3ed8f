-- The computer's level for a seat it plays (issue 28): "standard", each ruleset's scripted policy,
-- or "strong", which searches with the engine (worker/engine/strong). Human seats keep the default.
ALTER TABLE `seats` ADD `bot_level` text DEFAULT 'standard' NOT NULL CHECK (`bot_level` IN ('standard', 'strong'));
