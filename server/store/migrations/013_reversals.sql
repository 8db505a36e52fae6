-- migrate: foreign_keys=off
-- Reversals: a completed sale can be reversed (money returned to the wallet after the fact),
-- and a refunded sale later proven successful is debited again. SQLite cannot alter a CHECK,
-- so purchases and ledger_entries are rebuilt the documented 12-step way: the runner turns
-- foreign keys off around this migration (the marker above) and runs foreign_key_check
-- before commit. Every index and trigger of both tables is recreated below.

CREATE TABLE purchases_new (
  id                 INTEGER PRIMARY KEY,
  internal_reference TEXT NOT NULL UNIQUE,
  merchant_id        INTEGER NOT NULL REFERENCES merchants(id),
  environment        TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  idem_key           TEXT NOT NULL,
  kind               TEXT NOT NULL CHECK (kind IN ('transaction', 'giftcard', 'esim')),
  surface            TEXT NOT NULL DEFAULT 'v1',
  product            TEXT NOT NULL,
  network            TEXT NOT NULL DEFAULT '',
  msisdn             TEXT NOT NULL DEFAULT '',
  phone              TEXT,
  plan_ref           TEXT NOT NULL DEFAULT '',  -- the plan code as the merchant sent it
  plan_id            TEXT,                      -- resolved catalog id
  plan_name          TEXT NOT NULL DEFAULT '',
  amount_text        TEXT NOT NULL,             -- echo of the request amount
  amount_kobo        INTEGER NOT NULL,
  debit_kobo         INTEGER NOT NULL CHECK (debit_kobo > 0),
  quantity           INTEGER NOT NULL DEFAULT 1,
  details            TEXT NOT NULL DEFAULT '{}', -- product-specific request data (send_via, face_value, ...)
  state              TEXT NOT NULL DEFAULT 'pending'
                     CHECK (state IN ('pending', 'success', 'failed', 'reversed')),
  result             TEXT,                      -- JSON: token, units, cards, install fields
  failure_reason     TEXT,
  upstream_name      TEXT,
  upstream_reference TEXT,
  needs_attention    INTEGER NOT NULL DEFAULT 0,
  agent_user_id      INTEGER,
  created_at         TEXT NOT NULL,             -- ISO 8601 UTC with milliseconds
  updated_at         TEXT NOT NULL,
  reversed_at        TEXT,                      -- set with state 'reversed'
  reversal_reason    TEXT,                      -- why, as the operator or upstream gave it
  UNIQUE (merchant_id, environment, idem_key)
);
INSERT INTO purchases_new (
  id, internal_reference, merchant_id, environment, idem_key, kind, surface, product, network,
  msisdn, phone, plan_ref, plan_id, plan_name, amount_text, amount_kobo, debit_kobo, quantity,
  details, state, result, failure_reason, upstream_name, upstream_reference, needs_attention,
  agent_user_id, created_at, updated_at)
SELECT
  id, internal_reference, merchant_id, environment, idem_key, kind, surface, product, network,
  msisdn, phone, plan_ref, plan_id, plan_name, amount_text, amount_kobo, debit_kobo, quantity,
  details, state, result, failure_reason, upstream_name, upstream_reference, needs_attention,
  agent_user_id, created_at, updated_at
FROM purchases;
DROP TABLE purchases;
ALTER TABLE purchases_new RENAME TO purchases;
CREATE INDEX purchases_list ON purchases(merchant_id, environment, id);
CREATE INDEX purchases_msisdn ON purchases(merchant_id, environment, msisdn, id);
CREATE INDEX purchases_state ON purchases(state, needs_attention) WHERE state = 'pending';
CREATE INDEX purchases_created ON purchases(environment, created_at);
CREATE INDEX purchases_agent ON purchases(agent_user_id, environment, created_at) WHERE agent_user_id IS NOT NULL;

CREATE TABLE ledger_entries_new (
  id                 INTEGER PRIMARY KEY,
  wallet_id          INTEGER NOT NULL REFERENCES wallets(id),
  kind               TEXT NOT NULL CHECK (kind IN ('funding', 'debit', 'refund', 'adjustment',
                                                   'reversal', 'debit_correction')),
  amount_kobo        INTEGER NOT NULL CHECK (amount_kobo <> 0),
  balance_after_kobo INTEGER NOT NULL CHECK (balance_after_kobo >= 0),
  purchase_id        INTEGER REFERENCES purchases(id),
  reason             TEXT NOT NULL,
  actor              TEXT NOT NULL,
  created_at         TEXT NOT NULL
);
INSERT INTO ledger_entries_new (id, wallet_id, kind, amount_kobo, balance_after_kobo, purchase_id,
                                reason, actor, created_at)
SELECT id, wallet_id, kind, amount_kobo, balance_after_kobo, purchase_id, reason, actor, created_at
FROM ledger_entries;
DROP TABLE ledger_entries;
ALTER TABLE ledger_entries_new RENAME TO ledger_entries;
CREATE INDEX ledger_wallet ON ledger_entries(wallet_id, id);
-- One debit, at most one refund, one reversal and one debit correction per purchase,
-- enforced by the database itself.
CREATE UNIQUE INDEX ledger_one_debit ON ledger_entries(purchase_id) WHERE kind = 'debit';
CREATE UNIQUE INDEX ledger_one_refund ON ledger_entries(purchase_id) WHERE kind = 'refund';
CREATE UNIQUE INDEX ledger_one_reversal ON ledger_entries(purchase_id) WHERE kind = 'reversal';
CREATE UNIQUE INDEX ledger_one_debit_correction ON ledger_entries(purchase_id) WHERE kind = 'debit_correction';
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
