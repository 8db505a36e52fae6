-- wallet.funded says how much was credited (the event's `funding.amount`), so an integrator
-- books a funding without diffing balances that sales move in between. Null on every other
-- event, and on fundings recorded before this column.
ALTER TABLE events ADD COLUMN funding_kobo INTEGER;
