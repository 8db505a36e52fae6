-- migrate: foreign_keys=off
-- A sale we reversed that the upstream says it delivered gets its own exception kind,
-- `ours_reversed_theirs_success`. It was filed as `ours_failed_theirs_success`, whose only
-- upstream answer (debit the refunded purchase again) is refused for a reversed sale, so the
-- exception could never be resolved that way. SQLite cannot alter a CHECK: the table is
-- rebuilt the documented 12-step way (foreign keys off around it, checked before commit), and
-- exceptions already filed for reversed sales move to the new kind.

CREATE TABLE reconciliation_exceptions_new (
  id                INTEGER PRIMARY KEY,
  upstream_name     TEXT NOT NULL,
  day               TEXT NOT NULL,
  reference         TEXT NOT NULL,            -- our internal_reference, the key sent upstream
  kind              TEXT NOT NULL CHECK (kind IN ('amount_differs', 'ours_success_theirs_failed',
                      'ours_failed_theirs_success', 'ours_reversed_theirs_success', 'ours_only',
                      'theirs_only', 'pending')),
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

INSERT INTO reconciliation_exceptions_new (id, upstream_name, day, reference, kind, purchase_id, our_state,
    our_amount_kobo, their_state, their_amount_kobo, status, resolution, resolved_by, resolved_reason,
    resolved_at, first_run_id, created_at, updated_at)
  SELECT id, upstream_name, day, reference,
         CASE WHEN kind = 'ours_failed_theirs_success' AND our_state = 'reversed'
              THEN 'ours_reversed_theirs_success' ELSE kind END,
         purchase_id, our_state, our_amount_kobo, their_state, their_amount_kobo, status, resolution,
         resolved_by, resolved_reason, resolved_at, first_run_id, created_at, updated_at
    FROM reconciliation_exceptions;

DROP TABLE reconciliation_exceptions;
ALTER TABLE reconciliation_exceptions_new RENAME TO reconciliation_exceptions;
CREATE INDEX reconciliation_exceptions_day ON reconciliation_exceptions(day, upstream_name, status);
CREATE INDEX reconciliation_exceptions_open ON reconciliation_exceptions(status, id);
