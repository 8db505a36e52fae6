-- Merchants, credentials, wallets with an append-only ledger, purchases, the durable
-- vend queue, catalogs, upstreams and routes, audit and settings.

CREATE TABLE merchants (
  id            INTEGER PRIMARY KEY,
  code          TEXT NOT NULL UNIQUE,
  name          TEXT NOT NULL,
  status        TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  allow_ips     TEXT NOT NULL DEFAULT '[]',   -- JSON array of IPs and CIDRs for live traffic
  live_bills    TEXT NOT NULL DEFAULT '[]',   -- JSON array of bill products enabled for live
  report_emails TEXT NOT NULL DEFAULT '[]',   -- JSON array of report recipients
  report_test   INTEGER NOT NULL DEFAULT 0,   -- also e-mail the test environment's report
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);

CREATE TABLE credentials (
  id          INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL REFERENCES merchants(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  key_id      TEXT NOT NULL UNIQUE,
  secret_hash TEXT NOT NULL,                  -- sha256 of a 256-bit random secret; never the secret
  status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
  created_at  TEXT NOT NULL,
  revoked_at  TEXT
);
CREATE INDEX credentials_merchant ON credentials(merchant_id, environment, status);

CREATE TABLE wallets (
  id           INTEGER PRIMARY KEY,
  merchant_id  INTEGER NOT NULL REFERENCES merchants(id),
  environment  TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  balance_kobo INTEGER NOT NULL DEFAULT 0 CHECK (balance_kobo >= 0),
  updated_at   TEXT NOT NULL,
  UNIQUE (merchant_id, environment)
);

CREATE TABLE ledger_entries (
  id                 INTEGER PRIMARY KEY,
  wallet_id          INTEGER NOT NULL REFERENCES wallets(id),
  kind               TEXT NOT NULL CHECK (kind IN ('funding', 'debit', 'refund', 'adjustment')),
  amount_kobo        INTEGER NOT NULL CHECK (amount_kobo <> 0),
  balance_after_kobo INTEGER NOT NULL CHECK (balance_after_kobo >= 0),
  purchase_id        INTEGER REFERENCES purchases(id),
  reason             TEXT NOT NULL,
  actor              TEXT NOT NULL,
  created_at         TEXT NOT NULL
);
CREATE INDEX ledger_wallet ON ledger_entries(wallet_id, id);
-- One debit and at most one refund per purchase, enforced by the database itself.
CREATE UNIQUE INDEX ledger_one_debit ON ledger_entries(purchase_id) WHERE kind = 'debit';
CREATE UNIQUE INDEX ledger_one_refund ON ledger_entries(purchase_id) WHERE kind = 'refund';
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;

CREATE TABLE purchases (
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
  state              TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'success', 'failed')),
  result             TEXT,                      -- JSON: token, units, cards, install fields
  failure_reason     TEXT,
  upstream_name      TEXT,
  upstream_reference TEXT,
  needs_attention    INTEGER NOT NULL DEFAULT 0,
  agent_user_id      INTEGER,
  created_at         TEXT NOT NULL,             -- ISO 8601 UTC with milliseconds
  updated_at         TEXT NOT NULL,
  UNIQUE (merchant_id, environment, idem_key)
);
CREATE INDEX purchases_list ON purchases(merchant_id, environment, id);
CREATE INDEX purchases_msisdn ON purchases(merchant_id, environment, msisdn, id);
CREATE INDEX purchases_state ON purchases(state, needs_attention) WHERE state = 'pending';
CREATE INDEX purchases_created ON purchases(environment, created_at);

-- The durable vend queue: one job per purchase. 'vend_started' is written before the upstream
-- call, so a crash after it can only lead to a requery, never a second vend.
CREATE TABLE vend_jobs (
  purchase_id     INTEGER PRIMARY KEY REFERENCES purchases(id),
  state           TEXT NOT NULL CHECK (state IN ('queued', 'vend_started', 'polling', 'done')),
  upstream_name   TEXT,
  route_index     INTEGER NOT NULL DEFAULT 0,
  vend_started_at INTEGER,                       -- epoch ms of the send
  poll_count      INTEGER NOT NULL DEFAULT 0,
  next_poll_at    INTEGER,                       -- epoch ms
  last_error      TEXT
);
CREATE INDEX vend_jobs_due ON vend_jobs(state, next_poll_at) WHERE state <> 'done';

CREATE TABLE data_plans (
  id             INTEGER PRIMARY KEY,
  network        TEXT NOT NULL,
  plan_code      TEXT NOT NULL UNIQUE,
  name           TEXT NOT NULL,
  description    TEXT NOT NULL,
  price_kobo     INTEGER NOT NULL,
  tarrif_type_id TEXT NOT NULL,
  validity       TEXT NOT NULL,
  value          TEXT NOT NULL,
  grp            TEXT NOT NULL,
  short_code     TEXT NOT NULL,
  product_id     TEXT,
  active         INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX data_plans_network ON data_plans(network);

CREATE TABLE bill_plans (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  network     TEXT NOT NULL,
  product     TEXT NOT NULL,
  amount_type TEXT NOT NULL CHECK (amount_type IN ('fixed', 'range')),
  price_kobo  INTEGER NOT NULL,
  max_kobo    INTEGER,
  meter_type  TEXT,
  active      INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE giftcards (
  plan_id       INTEGER PRIMARY KEY,
  title         TEXT NOT NULL,
  brand         TEXT NOT NULL,
  region        TEXT NOT NULL,
  ui_category   TEXT NOT NULL,
  currency_code TEXT NOT NULL,
  fixed_price   INTEGER NOT NULL,
  face_value    REAL,
  min_price     REAL,
  max_price     REAL,
  featured      INTEGER NOT NULL DEFAULT 0,
  fulfillment   TEXT NOT NULL,
  active        INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE esim_plans (
  plan_id       TEXT PRIMARY KEY,
  title         TEXT NOT NULL,
  country       TEXT NOT NULL,
  region        TEXT NOT NULL,
  data_gb       REAL NOT NULL,
  duration_days INTEGER NOT NULL,
  currency_code TEXT NOT NULL,
  price         REAL NOT NULL,
  active        INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE upstreams (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE,
  type          TEXT NOT NULL CHECK (type IN ('simulator', 'vending-api')),
  base_url      TEXT,
  merchant_code TEXT,
  key_id        TEXT,
  secret_sealed TEXT,                          -- AES-256-GCM with the data directory's key file
  options       TEXT NOT NULL DEFAULT '{}',
  enabled       INTEGER NOT NULL DEFAULT 1,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);

-- Ordered upstreams per product, optionally per network/platform ('' = any).
CREATE TABLE routes (
  id          INTEGER PRIMARY KEY,
  product     TEXT NOT NULL,
  network     TEXT NOT NULL DEFAULT '',
  upstream_id INTEGER NOT NULL REFERENCES upstreams(id) ON DELETE CASCADE,
  priority    INTEGER NOT NULL DEFAULT 0,
  UNIQUE (product, network, upstream_id)
);

CREATE TABLE audit_log (
  id         INTEGER PRIMARY KEY,
  actor      TEXT NOT NULL,
  action     TEXT NOT NULL,
  subject    TEXT NOT NULL,
  detail     TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
