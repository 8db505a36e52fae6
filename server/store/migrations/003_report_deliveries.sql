-- Daily report e-mails: one delivery per merchant, environment and report day. The UNIQUE key
-- and the state column are what keep a report from going out twice, also across restarts and
-- with the CLI sending beside a running node (claims are conditional UPDATEs).

CREATE TABLE report_deliveries (
  id              INTEGER PRIMARY KEY,
  merchant_id     INTEGER NOT NULL REFERENCES merchants(id),
  environment     TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  report_date     TEXT NOT NULL,              -- YYYY-MM-DD in the report timezone
  timezone        TEXT NOT NULL,              -- the timezone the day was cut in
  state           TEXT NOT NULL DEFAULT 'pending'
                  CHECK (state IN ('pending', 'sending', 'retrying', 'sent', 'failed')),
  recipients      TEXT NOT NULL DEFAULT '[]', -- JSON array, as last attempted
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,                       -- SMTP error of the last failed attempt (no secrets)
  next_attempt_at TEXT,                       -- ISO UTC; set while state = 'retrying'
  claimed_at      TEXT,                       -- ISO UTC of the current or last send attempt
  sent_at         TEXT,                       -- ISO UTC of the first successful delivery
  last_sent_at    TEXT,                       -- ISO UTC of the latest one (resends)
  message_id      TEXT,
  resend_count    INTEGER NOT NULL DEFAULT 0,
  attached        INTEGER,                    -- 1: CSV attached; 0: too large, link sent instead
  summary         TEXT,                       -- JSON totals as e-mailed
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (merchant_id, environment, report_date)
);
CREATE INDEX report_deliveries_state ON report_deliveries(state, next_attempt_at);
CREATE INDEX report_deliveries_date ON report_deliveries(report_date);
