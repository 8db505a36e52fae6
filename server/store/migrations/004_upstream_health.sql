-- Upstream health and catalog sync (issue 5): periodic balance readings of each live
-- upstream with their low-balance flag, catalog sync runs, the plan ids each upstream uses
-- for our (stable) local bill plan ids, and which plans a sync deactivated.

CREATE TABLE upstream_balance_readings (
  id             INTEGER PRIMARY KEY,
  upstream_name  TEXT NOT NULL,
  balance_kobo   INTEGER,                  -- NULL when the read failed
  threshold_kobo INTEGER NOT NULL,         -- the low-balance threshold in force at the reading
  low_balance    INTEGER NOT NULL DEFAULT 0,
  error          TEXT,                     -- why the balance could not be read (no secrets)
  checked_at     TEXT NOT NULL             -- ISO 8601 UTC
);
CREATE INDEX upstream_balance_latest ON upstream_balance_readings(upstream_name, id);

CREATE TABLE catalog_sync_runs (
  id          INTEGER PRIMARY KEY,
  trigger     TEXT NOT NULL,               -- 'schedule' or 'manual'
  started_at  TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  ok          INTEGER NOT NULL,            -- 1: every source read and applied
  summary     TEXT NOT NULL DEFAULT '{}'   -- JSON: per upstream and per catalog counts, errors
);

-- A local bill plan id as one upstream knows it; absent means the same id.
CREATE TABLE upstream_plan_ids (
  upstream_name TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('bill')),
  local_id      TEXT NOT NULL,
  upstream_id   TEXT NOT NULL,
  PRIMARY KEY (upstream_name, kind, local_id)
);

-- Plans deactivated because they disappeared upstream: a later sync that sees them again
-- reactivates them. Plans an operator disabled are not listed and stay disabled.
CREATE TABLE catalog_sync_deactivated (
  kind     TEXT NOT NULL CHECK (kind IN ('data', 'bill', 'giftcard', 'esim')),
  local_id TEXT NOT NULL,
  at       TEXT NOT NULL,
  PRIMARY KEY (kind, local_id)
);
