-- Per-merchant pricing terms: a discount (negative) or markup (positive) in basis points per
-- product, optionally per network/provider ('' = every network of the product).
CREATE TABLE merchant_pricing (
  id           INTEGER PRIMARY KEY,
  merchant_id  INTEGER NOT NULL REFERENCES merchants(id),
  product      TEXT NOT NULL,
  network      TEXT NOT NULL DEFAULT '',
  basis_points INTEGER NOT NULL CHECK (basis_points BETWEEN -5000 AND 5000),
  updated_at   TEXT NOT NULL,
  UNIQUE (merchant_id, product, network)
);
