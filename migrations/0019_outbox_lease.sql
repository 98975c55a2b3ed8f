-- A drainer's claim on a due row is a lease of its own (`leased_until`, in no index), no longer a
-- next attempt moved past the lease: the claim wrote the row and moved its outbox_due entry (two
-- rows written, D1 counting every index entry), now it writes the row alone. A row is due when its
-- next attempt has come and no lease on it runs (worker/store/outbox.ts claimDue); a retry moves
-- its next attempt, as before.
ALTER TABLE `outbox` ADD `leased_until` integer DEFAULT 0 NOT NULL;
