-- Shift cash-ups (issue 7): an admin closes an agent's shift and the node records what the
-- agent sold in it, so the cash handed in can be checked against the sales, and the next
-- shift starts where this one ended (no sale is counted in two cash-ups).

CREATE TABLE agent_cashups (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES console_users(id),
  merchant_id  INTEGER NOT NULL REFERENCES merchants(id),
  environment  TEXT NOT NULL CHECK (environment IN ('test', 'live')),
  shift_start  TEXT NOT NULL,              -- ISO 8601 UTC, inclusive
  shift_end    TEXT NOT NULL,              -- ISO 8601 UTC, exclusive
  sales_count  INTEGER NOT NULL,           -- successful sales in the shift
  total_kobo   INTEGER NOT NULL,           -- what the customers paid for them: the cash expected
  counted_kobo INTEGER,                    -- cash counted at the desk, when the admin entered it
  summary      TEXT NOT NULL,              -- JSON: tallies by product and by status
  note         TEXT NOT NULL DEFAULT '',
  closed_by    TEXT NOT NULL,              -- actor, e.g. user:ada
  created_at   TEXT NOT NULL,
  CHECK (shift_end > shift_start)
);
CREATE INDEX agent_cashups_user ON agent_cashups(user_id, environment, id);

-- Cash-ups and the per-agent daily sales limit read an agent's sales by time.
CREATE INDEX purchases_agent ON purchases(agent_user_id, environment, created_at) WHERE agent_user_id IS NOT NULL;
