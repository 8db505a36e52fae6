-- The provider account a sale was sent to (its upstream's base URL and merchant code, as a
-- fingerprint: upstreams/types.ts accountFingerprint). An operator may point an upstream at
-- another provider or account while a sale sent to the old one is pending; the new one's "no
-- record of it" then says nothing about the sale, so it must not fail and refund it
-- (jobs/vend-requery.ts). NULL: sent before this column, or to the in-process simulator.
ALTER TABLE vend_jobs ADD COLUMN sent_account TEXT;
