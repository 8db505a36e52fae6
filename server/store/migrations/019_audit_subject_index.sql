-- Needs attention shows who flagged a purchase and why: the latest `purchase.flag` entry of its
-- reference, looked up per flagged card rather than by scanning the whole audit log.
CREATE INDEX audit_log_subject ON audit_log (subject, action, id);
