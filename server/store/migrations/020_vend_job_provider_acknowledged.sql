-- The desk tells the customer "your airtime has been sent" only once the provider has said it
-- holds the sale (a pending answer). Until then (waiting to be sent, on the wire, unclear
-- answers, no record of it) the node has no word from the provider that it received it.
ALTER TABLE vend_jobs ADD COLUMN provider_acknowledged INTEGER NOT NULL DEFAULT 0;
