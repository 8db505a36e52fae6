import { Type } from '@sinclair/typebox';
import { Nullable } from '../schema-blocks.js';

/**
 * The console's answers as TypeBox schemas: the renderer's types are generated from them
 * (npm run gen:api-types). Each one names every field the handler sends; schemas are inlined
 * rather than shared by $ref so the merchants' OpenAPI document gains no console components.
 */

export const Environment = Type.Union([Type.Literal('test'), Type.Literal('live')]);
const Env = Environment;
const Strings = Type.Record(Type.String(), Type.String());

export const NodeStatus = Type.Object({
  setup_required: Type.Boolean(),
  setup_code_required: Type.Optional(
    Type.Boolean({ description: 'this browser is on another computer: setup needs the printed code' }),
  ),
  signed_in: Type.Boolean({
    description:
      "this browser's session cookie is a live session: read it with GET /console/session; false: show sign-in (or setup)",
  }),
  merchants: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  setup_code: Type.Optional(Type.String({ description: "shown only to the node's own machine" })),
});

export const SessionInfo = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    role: Type.Union([Type.Literal('admin'), Type.Literal('agent')]),
  }),
  merchant: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  environment: Env,
  environments: Type.Array(Env, { description: 'the environments this user may switch to' }),
  start_environment: Type.Union([Type.Literal('test'), Type.Literal('live')], {
    description: "the user's configured starting environment",
  }),
  csrf_token: Type.String(),
  expires_at: Type.String(),
  timezone: Type.String({
    description: "the node's business timezone: the console shows times and days in it",
  }),
});

export const Sale = Type.Object({
  reference: Type.String(),
  request_id: Type.String(),
  environment: Env,
  kind: Type.Union([Type.Literal('transaction'), Type.Literal('giftcard'), Type.Literal('esim')]),
  product: Type.String(),
  network: Type.String(),
  customer: Type.String(),
  phone: Type.String(),
  plan: Type.String(),
  plan_name: Type.String(),
  amount: Type.String(),
  amount_kobo: Type.Integer(),
  debit: Type.String(),
  quantity: Type.Integer(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('success'),
    Type.Literal('failed'),
    Type.Literal('reversed'),
  ]),
  response_code: Type.String(),
  failure_reason: Type.String(),
  reversed_at: Type.Optional(Type.String({ description: 'reversed sales only: when (ISO)' })),
  reversal_reason: Type.Optional(Type.String({ description: 'reversed sales only: why' })),
  was_pending: Type.Optional(
    Type.Boolean({
      description:
        'failed sales only: it was pending first (the provider was asked again), so the customer may have paid at the desk',
    }),
  ),
  details: Strings,
  result: Strings,
  cards_count: Type.Integer(),
  has_qr: Type.Boolean(),
  merchant_name: Type.String(),
  agent: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  last_checked_at: Type.String({
    description:
      "pending only: when the provider was last asked (ISO); '' otherwise or before the first answer",
  }),
  provider_said: Type.String({
    description:
      "pending: the provider's last answer, in words; after an admin's re-check of a completed sale, what the provider said; '' otherwise",
  }),
  provider_acknowledged: Type.Optional(
    Type.Boolean({
      description:
        'pending sales only: the provider has answered that it holds the sale (it received it and is working on it); false while the sale waits to be sent, awaits the first answer, or had only unclear answers or "no record of it"',
    }),
  ),
});

export const PurchasePage = Type.Object({
  rows: Type.Array(Sale),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  environment: Env,
  search_matched: Type.Optional(
    Type.Union(
      [
        Type.Literal('phone'),
        Type.Literal('reference'),
        Type.Literal('request_id'),
        Type.Literal('customer'),
        Type.Literal('text'),
      ],
      {
        description:
          "how the search text was read: a whole phone number's sales (either form); the sale with that internal reference or request id; the sales to that customer id (meter, smartcard, account) as stored; else looked for as text in every field (also with search_as=text)",
      },
    ),
  ),
});

/** Gift-card codes as the upstream delivered them (card_number, pin_code, claim_url, ...). */
export const RevealedCards = Type.Object({
  cards: Type.Array(
    Type.Object(
      {
        card_number: Type.Optional(Type.String()),
        pin_code: Type.Optional(Type.String()),
        claim_url: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  ),
});

export const WalletInfo = Type.Object({
  environment: Env,
  balance: Type.String(),
  balance_kobo: Type.Integer(),
  updated_at: Type.String(),
});

export const LedgerEntry = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([
    Type.Literal('funding'),
    Type.Literal('debit'),
    Type.Literal('refund'),
    Type.Literal('reversal'),
    Type.Literal('debit_correction'),
    Type.Literal('adjustment'),
  ]),
  amount: Type.String(),
  amount_kobo: Type.Integer(),
  balance_after: Type.String(),
  reference: Type.String(),
  reason: Type.String(),
  actor: Type.String({
    description: '"user:NAME" (console), "key:KEY_ID" (API), "cli:USER" (operator CLI) or "system"',
  }),
  created_at: Type.String(),
});

export const LedgerPage = Type.Object({
  environment: Env,
  entries: Type.Array(LedgerEntry),
  next_before: Nullable(Type.Integer()),
});

export const DataPlanRow = Type.Object(
  {
    id: Type.Integer(),
    plan_code: Type.String(),
    name: Type.String(),
    description: Type.String(),
    price: Type.String(),
    tarrifTypeId: Type.Unknown(),
    validity: Type.Unknown(),
    value: Type.Unknown(),
    group: Type.Unknown(),
    shortCode: Type.Unknown(),
  },
  { additionalProperties: true },
);

export const BillPlanRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  network: Type.String(),
  product: Type.String(),
  amount_type: Type.Union([Type.Literal('fixed'), Type.Literal('range')]),
  price: Type.String(),
  max_price: Type.Optional(Type.String()),
  meter_type: Type.Optional(Type.String({ description: 'prepaid or postpaid' })),
});

export const VerifiedCustomer = Type.Object({ environment: Env, customer: Strings });

export const ConsoleUserView = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: Type.Union([Type.Literal('admin'), Type.Literal('agent')]),
  merchant_code: Type.String(),
  active: Type.Boolean(),
  daily_sales_limit: Nullable(Type.String()),
  environments: Type.Array(Env, { description: 'the environments the user may work in' }),
  start_environment: Env,
  created_at: Type.String(),
});

export const Ok = Type.Object({ status: Type.Literal('success') });

/** What the sell tiles show: whether each product can be sold in the session's environment. */
export const ProductsAvailability = Type.Object({
  environment: Env,
  airtime_limits: Type.Object(
    { min_amount: Type.String(), max_amount: Type.String() },
    { description: "the amounts an airtime sale may have (the node's `limits` setting), as Naira strings" },
  ),
  products: Type.Array(
    Type.Object({
      product: Type.Union(
        ['airtime', 'data', 'ELECTRICITY', 'CABLE', 'BETTING', 'giftcard', 'esim'].map((p) =>
          Type.Literal(p),
        ),
      ),
      available: Type.Boolean(),
      reason: Type.String({ description: 'why it cannot be sold, for the agent; empty when available' }),
      fix: Nullable(
        Type.Object(
          { to: Type.String(), label: Type.String() },
          { description: 'what an admin does about it: a console page and the words of the link' },
        ),
      ),
      networks: Nullable(
        Type.Array(Type.String(), {
          description:
            'in live, when only some networks (telcos, billers) are routed: those, as a sale names them; null when any can be sold',
        }),
      ),
    }),
  ),
});
