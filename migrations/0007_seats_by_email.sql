-- "My games" lists every game an address plays: a partial index on the seats that have an address.
CREATE INDEX `seats_email` ON `seats` (`email`) WHERE "seats"."email" IS NOT NULL;