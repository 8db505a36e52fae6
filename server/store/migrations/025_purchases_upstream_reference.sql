-- History finds a sale by its provider's reference (a provider's statement, a customer's dispute)
-- through this index instead of reading every sale of the merchant (seconds at a million). Only
-- settled sales carry one, so the index is partial: a sale's create writes nothing to it, its
-- settle one entry. Scoped like purchases_msisdn, so a lookup reads only the caller's own sales.
CREATE INDEX purchases_upstream_reference ON purchases(merchant_id, environment, upstream_reference)
  WHERE upstream_reference IS NOT NULL;
