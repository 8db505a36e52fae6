-- A failed sale says why in the API (data.failure_reason), in words safe to show an integrator:
-- failure_reason stays the node's own (it names upstreams, HTTP codes, operators' notes).
-- Sales that failed before this column are answered without the field.
ALTER TABLE purchases ADD COLUMN public_failure_reason TEXT;
