-- A wallet's ledger between two instants (the daily report's opening and closing balance, its
-- movements and the day's refunds; the console's ledger CSV) was found through ledger_wallet
-- (wallet_id, id) by reading every entry of the wallet: about 2 s per report at 1M sales, and
-- growing with every sale. This index finds the window directly. About 35 bytes per entry.
CREATE INDEX ledger_wallet_created ON ledger_entries(wallet_id, created_at);
