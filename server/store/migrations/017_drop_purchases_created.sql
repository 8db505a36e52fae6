-- purchases_created (environment, created_at) served only the two reads that span every
-- merchant of one day: the console's day tally and reconciliation's side of the day. They now
-- read purchases_merchant_created once per merchant (`merchant_id IN (SELECT id FROM merchants)`),
-- so every sale no longer writes this index: about 38 bytes per purchase at rest and one
-- B-tree insert per create.
DROP INDEX IF EXISTS purchases_created;
