-- A turn stored under an Idempotency-Key no longer writes an entry in an index of keys (D1 counts
-- every index entry as a row written, one more for nearly every move): a request made at seq S
-- stores its first turn at S + 1, so a retry of it reads that one turn by primary key and checks
-- its key (worker/store/repository.ts loadGame). Two tries at once still cannot both store: the
-- primary key (game_id, seq) refuses the second.
DROP INDEX IF EXISTS `turns_idempotency`;
