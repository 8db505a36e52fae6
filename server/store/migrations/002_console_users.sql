-- Console users (admins and agents, each acting for one merchant) and their sessions.

CREATE TABLE console_users (
  id                     INTEGER PRIMARY KEY,
  merchant_id            INTEGER NOT NULL REFERENCES merchants(id),
  username               TEXT NOT NULL UNIQUE COLLATE NOCASE,
  role                   TEXT NOT NULL CHECK (role IN ('admin', 'agent')),
  password_hash          TEXT NOT NULL,        -- scrypt$N$r$p$salt$hash, per-user random salt
  active                 INTEGER NOT NULL DEFAULT 1,
  daily_sales_limit_kobo INTEGER CHECK (daily_sales_limit_kobo IS NULL OR daily_sales_limit_kobo > 0),
  created_at             TEXT NOT NULL
);
CREATE INDEX console_users_merchant ON console_users(merchant_id);

CREATE TABLE console_sessions (
  id          TEXT PRIMARY KEY,                 -- sha256 of the 256-bit cookie token; never the token
  user_id     INTEGER NOT NULL REFERENCES console_users(id),
  csrf_token  TEXT NOT NULL,
  environment TEXT NOT NULL DEFAULT 'test' CHECK (environment IN ('test', 'live')),
  expires_at  INTEGER NOT NULL,                 -- epoch ms
  created_at  TEXT NOT NULL
);
CREATE INDEX console_sessions_user ON console_sessions(user_id);
CREATE INDEX console_sessions_expiry ON console_sessions(expires_at);
