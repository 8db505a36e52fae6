-- migrate: foreign_keys=off
-- A sale sent to another provider account than the one its upstream points at now (an
-- operator edited the base URL or merchant code since: vend_jobs.sent_account, migration 025)
-- is not a "no record upstream" difference when the new account has no record of it: those
-- books never had it. Reconciliation files it as its own kind, `sent_to_other_account`, with
-- the account it was sent to in words (`sent_to`: base URL and merchant code, never a key or
-- secret). The words come from `upstream_accounts`, the accounts each upstream has pointed at
-- (by their fingerprint, upstreams/types.ts accountFingerprint), noted whenever an upstream is
-- added or changed. SQLite cannot alter a CHECK: the exceptions table is rebuilt the
-- documented 12-step way (foreign keys off around it, checked before commit), rows unchanged.

CREATE TABLE upstream_accounts (
  fingerprint    TEXT PRIMARY KEY,
  upstream_name  TEXT NOT NULL,
  base_url       TEXT NOT NULL,
  merchant_code  TEXT NOT NULL,
  noted_at       TEXT NOT NULL
);

CREATE TABLE reconciliation_exceptions_new (
  id                INTEGER PRIMARY KEY,
  upstream_name     TEXT NOT NULL,
  day               TEXT NOT NULL,
  reference         TEXT NOT NULL,            -- our internal_reference, the key sent upstream
  kind              TEXT NOT NULL CHECK (kind IN ('amount_differs', 'ours_success_theirs_failed',
                      'ours_failed_theirs_success', 'ours_reversed_theirs_success', 'ours_only',
                      'theirs_only', 'pending', 'sent_to_other_account')),
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
  sent_to           TEXT,                     -- sent_to_other_account: the account it was sent to, in words
  UNIQUE (upstream_name, reference)
);

INSERT INTO reconciliation_exceptions_new (id, upstream_name, day, reference, kind, purchase_id, our_state,
    our_amount_kobo, their_state, their_amount_kobo, status, resolution, resolved_by, resolved_reason,
    resolved_at, first_run_id, created_at, updated_at)
  SELECT id, upstream_name, day, reference, kind, purchase_id, our_state, our_amount_kobo, their_state,
         their_amount_kobo, status, resolution, resolved_by, resolved_reason, resolved_at, first_run_id,
         created_at, updated_at
    FROM reconciliation_exceptions;

DROP TABLE reconciliation_exceptions;
ALTER TABLE reconciliation_exceptions_new RENAME TO reconciliation_exceptions;
CREATE INDEX reconciliation_exceptions_day ON reconciliation_exceptions(day, upstream_name, status);
CREATE INDEX reconciliation_exceptions_open ON reconciliation_exceptions(status, id);
