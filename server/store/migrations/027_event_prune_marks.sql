-- The newest event pruned (30-day retention) per merchant and environment. The feed answers a
-- cursor older than it with a 400 saying events after it are gone, where it used to read on past
-- them as if nothing had been missed (store/events.ts, pruneEvents and feedCursorProblem).
CREATE TABLE event_prune_marks (
  merchant_id     INTEGER NOT NULL,
  environment     TEXT NOT NULL,
  last_pruned_id  INTEGER NOT NULL,
  PRIMARY KEY (merchant_id, environment)
);
