import { Type } from '@sinclair/typebox';
import { Lit, Nullable, Open } from './admin-schema-blocks.js';

/** The admin console's answers about upstreams: health, circuits, settings, connection tests. */

export const Circuit = Type.Object({
  state: Lit('closed', 'open', 'half-open'),
  failures: Type.Integer(),
  open_until: Nullable(Type.String()),
});

const UpstreamType = Lit('simulator', 'vending-api');

export const UpstreamHealthInfo = Type.Object({
  name: Type.String(),
  type: UpstreamType,
  enabled: Type.Boolean(),
  circuit: Circuit,
  balance: Nullable(Type.String()),
  balance_checked_at: Nullable(Type.String()),
  low_balance: Type.Boolean(),
  low_balance_threshold: Type.String(),
  last_checked_at: Nullable(Type.String()),
  last_error: Nullable(Type.String()),
  problem: Nullable(
    Type.String({ description: 'why the node cannot use this upstream at all (its routes are unavailable)' }),
  ),
});

const upstreamFields = {
  id: Type.Integer(),
  name: Type.String(),
  type: UpstreamType,
  base_url: Nullable(Type.String()),
  merchant_code: Nullable(Type.String()),
  key: Nullable(Type.String()),
  has_secret: Type.Boolean(),
  options: Open,
  enabled: Type.Boolean(),
  routes: Type.Array(
    Type.Object({ product: Type.String(), network: Type.String(), priority: Type.Integer() }),
  ),
  created_at: Type.String(),
  updated_at: Type.String(),
};

/** An upstream just added or saved, with the same doubt "Test connection" raises about its key. */
export const UpstreamView = Type.Object({
  ...upstreamFields,
  warning: Nullable(Type.String({ description: 'a reason to doubt the set-up though it was saved' })),
});

export const UpstreamsOverview = Type.Object({
  upstreams: Type.Array(Type.Object({ ...upstreamFields, health: Nullable(UpstreamHealthInfo) })),
  routes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      product: Type.String(),
      network: Type.String(),
      upstream: Type.String(),
      priority: Type.Integer(),
    }),
  ),
});

export const ConnectionTest = Type.Object({
  name: Type.String(),
  type: UpstreamType,
  ok: Type.Boolean(),
  health: Type.Object({ ok: Type.Boolean(), detail: Type.String(), ms: Type.Number() }),
  balance: Nullable(Type.String()),
  balance_error: Nullable(Type.String()),
  warning: Nullable(Type.String({ description: 'a reason to doubt the set-up though it works' })),
  circuit: Circuit,
  checked_at: Type.String(),
});

export const UpstreamBalances = Type.Object({ upstreams: Type.Array(UpstreamHealthInfo) });
