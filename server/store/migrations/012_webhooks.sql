-- Signed webhooks and the event feed. `events` is the transactional outbox: a row is written
-- in the same transaction as the state change it reports, so a crash can neither lose nor
-- invent one. AUTOINCREMENT so an id is never reused after old events are pruned.

CREATE TABLE events (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  merchant_id INTEGER NOT NULL REFERENCES merchants(id),
  environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  type        TEXT NOT NULL,
  object_key  TEXT NOT NULL,                 -- "purchase:123", "wallet:4": deliveries keep this order
  data        TEXT NOT NULL,                 -- JSON: the status / order / balance answer at that moment
  created_at  TEXT NOT NULL
);
CREATE INDEX events_feed ON events(merchant_id, environment, id);
-- No index on created_at: ids grow with time, so pruning walks from the oldest id instead.

CREATE TABLE webhook_endpoints (
  id                   INTEGER PRIMARY KEY AUTOINCREMENT,
  merchant_id          INTEGER NOT NULL REFERENCES merchants(id),
  environment          TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  url                  TEXT NOT NULL,
  event_types          TEXT NOT NULL,          -- JSON array of event types, or ["*"]
  status               TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'paused', 'removed')),
  secret_sealed        TEXT NOT NULL,          -- sealed with the data directory's key: we sign with it
  old_secret_sealed    TEXT,                   -- still signs until old_secret_until (rotation overlap)
  old_secret_until     INTEGER,                -- epoch ms
  first_event_id       INTEGER NOT NULL,       -- events after this one are delivered to it
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_merchant ON webhook_endpoints(merchant_id, environment, status);

CREATE TABLE webhook_deliveries (
  id              INTEGER PRIMARY KEY,
  endpoint_id     INTEGER NOT NULL REFERENCES webhook_endpoints(id),
  event_id        INTEGER NOT NULL,
  object_key      TEXT NOT NULL,
  state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,          -- epoch ms
  last_status     INTEGER,                   -- HTTP status of the last attempt, NULL when none came
  last_error      TEXT,
  last_latency_ms INTEGER,
  last_response   TEXT,                      -- first bytes of the receiver's answer only
  updated_at      TEXT NOT NULL,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_object ON webhook_deliveries(endpoint_id, object_key, event_id) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, id);

-- How far the delivery worker has fanned events out into deliveries (one row).
CREATE TABLE webhook_fanout (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  last_event_id INTEGER NOT NULL
);
INSERT INTO webhook_fanout (id, last_event_id) VALUES (1, 0);

-- Low-balance alerts: a threshold per wallet; `low_balance_alerted` stops a repeat until the
-- balance has gone back above it.
ALTER TABLE wallets ADD COLUMN low_balance_kobo INTEGER;
ALTER TABLE wallets ADD COLUMN low_balance_alerted INTEGER NOT NULL DEFAULT 0;

-- The low-balance e-mail, sent after the commit by the delivery worker (an outbox too).
CREATE TABLE alert_mails (
  event_id        INTEGER PRIMARY KEY,
  state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'skipped')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error      TEXT
);
