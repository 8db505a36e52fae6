-- How many purchases each merchant and environment holds, per kind, network and state: the
-- lists' `total` without counting rows. Kept by triggers, so a count changes in the same
-- transaction as the purchase it counts (a crash can leave neither ahead of the other).
CREATE TABLE purchase_counts (
  merchant_id INTEGER NOT NULL,
  environment TEXT NOT NULL,
  kind        TEXT NOT NULL,
  network     TEXT NOT NULL,
  state       TEXT NOT NULL,
  n           INTEGER NOT NULL,
  PRIMARY KEY (merchant_id, environment, kind, network, state)
) WITHOUT ROWID;

INSERT INTO purchase_counts (merchant_id, environment, kind, network, state, n)
  SELECT merchant_id, environment, kind, network, state, COUNT(*) FROM purchases
  GROUP BY merchant_id, environment, kind, network, state;

CREATE TRIGGER purchase_counts_insert AFTER INSERT ON purchases BEGIN
  INSERT INTO purchase_counts (merchant_id, environment, kind, network, state, n)
    VALUES (NEW.merchant_id, NEW.environment, NEW.kind, NEW.network, NEW.state, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- Only the state changes in practice; the other counted columns are covered all the same.
CREATE TRIGGER purchase_counts_update
AFTER UPDATE OF merchant_id, environment, kind, network, state ON purchases
WHEN OLD.merchant_id IS NOT NEW.merchant_id OR OLD.environment IS NOT NEW.environment
  OR OLD.kind IS NOT NEW.kind OR OLD.network IS NOT NEW.network OR OLD.state IS NOT NEW.state
BEGIN
  UPDATE purchase_counts SET n = n - 1
    WHERE merchant_id = OLD.merchant_id AND environment = OLD.environment AND kind = OLD.kind
      AND network = OLD.network AND state = OLD.state;
  INSERT INTO purchase_counts (merchant_id, environment, kind, network, state, n)
    VALUES (NEW.merchant_id, NEW.environment, NEW.kind, NEW.network, NEW.state, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER purchase_counts_delete AFTER DELETE ON purchases BEGIN
  UPDATE purchase_counts SET n = n - 1
    WHERE merchant_id = OLD.merchant_id AND environment = OLD.environment AND kind = OLD.kind
      AND network = OLD.network AND state = OLD.state;
END;
