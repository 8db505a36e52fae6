-- Live desks stay live: an admin sets per user which environments they may sell in and which
-- one a sign-in starts in. The pending panel tells the agent when the provider was last asked.

ALTER TABLE console_users ADD COLUMN environments TEXT NOT NULL DEFAULT 'test,live'
  CHECK (environments IN ('test', 'live', 'test,live'));
ALTER TABLE console_users ADD COLUMN start_environment TEXT NOT NULL DEFAULT 'test'
  CHECK (start_environment IN ('test', 'live'));

-- Epoch ms of the last answer about a pending vend (the send or a requery); last_error holds
-- what that answer said.
ALTER TABLE vend_jobs ADD COLUMN last_checked_at INTEGER;
