-- Daily reconciliation against vending-api upstreams: one row per run (counts per class),
-- one row per exception (a purchase key the two sides disagree on, kept once per upstream
-- and key so running a day again updates it instead of adding a copy), and the upstream's
-- rows of a run while it is being compared (disk, not memory; emptied when the run ends).

CREATE TABLE reconciliation_runs (
  id             INTEGER PRIMARY KEY,
  upstream_name  TEXT NOT NULL,
  day            TEXT NOT NULL,               -- YYYY-MM-DD in the business timezone
  timezone       TEXT NOT NULL,
  state          TEXT NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed')),
  actor          TEXT NOT NULL,
  upstream_rows  INTEGER NOT NULL DEFAULT 0,
  our_rows       INTEGER NOT NULL DEFAULT 0,
  counts         TEXT NOT NULL DEFAULT '{}',  -- JSON: class -> count
  open_exceptions INTEGER NOT NULL DEFAULT 0,
  error          TEXT,
  mail           TEXT,                        -- 'sent to ...' or why no e-mail went out
  started_at     TEXT NOT NULL,
  finished_at    TEXT
);
CREATE INDEX reconciliation_runs_day ON reconciliation_runs(day, upstream_name, id);

CREATE TABLE reconciliation_exceptions (
  id                INTEGER PRIMARY KEY,
  upstream_name     TEXT NOT NULL,
  day               TEXT NOT NULL,
  reference         TEXT NOT NULL,            -- our internal_reference, the key sent upstream
  kind              TEXT NOT NULL CHECK (kind IN ('amount_differs', 'ours_success_theirs_failed',
                      'ours_failed_theirs_success', 'ours_only', 'theirs_only', 'pending')),
  purchase_id       INTEGER REFERENCES purchases(id),
  our_state         TEXT,
  our_amount_kobo   INTEGER,
  their_state       TEXT,
  their_amount_kobo INTEGER,
  status            TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'cleared', 'resolved')),
  resolution        TEXT CHECK (resolution IN ('accept_upstream', 'settled_outside')),
  resolved_by       TEXT,
  resolved_reason   TEXT,
  resolved_at       TEXT,
  first_run_id      INTEGER NOT NULL REFERENCES reconciliation_runs(id),
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  UNIQUE (upstream_name, reference)
);
CREATE INDEX reconciliation_exceptions_day ON reconciliation_exceptions(day, upstream_name, status);
CREATE INDEX reconciliation_exceptions_open ON reconciliation_exceptions(status, id);

CREATE TABLE reconciliation_rows (
  run_id       INTEGER NOT NULL,
  reference    TEXT NOT NULL,
  state        TEXT NOT NULL CHECK (state IN ('success', 'failed', 'pending')),
  amount_kobo  INTEGER NOT NULL,
  created_at   TEXT NOT NULL,
  PRIMARY KEY (run_id, reference)
) WITHOUT ROWID;

-- A node that is another node's upstream is asked for one merchant's purchases of a time
-- window (GET /v1/transactions?from=&to=, page by page): this keeps each page a short range read.
CREATE INDEX purchases_merchant_created ON purchases(merchant_id, environment, created_at);
