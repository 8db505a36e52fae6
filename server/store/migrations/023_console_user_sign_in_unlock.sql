-- When an operator last let this user try signing in again (`user unlock`, a password reset),
-- epoch ms. The sign-in throttle's counters live in the node's memory; another process (the CLI)
-- reaches them through this stamp, which the throttle reads only when it is about to refuse:
-- failures counted before it no longer count for this username. Null: never unlocked.
ALTER TABLE console_users ADD COLUMN sign_in_unlocked_at INTEGER;
