import { Type } from '@sinclair/typebox';
import { Environment } from './console-schemas.js';
import { Lit, Nullable, StoredJson, Tally } from './admin-schema-blocks.js';

/** The admin console's answers about daily reports: summaries, deliveries, settings, runs. */

const ReportTally = Type.Object({ ...Tally, debit: Type.String() });

export const ReportDeliveryInfo = Type.Object({
  id: Type.Integer(),
  merchant_code: Type.String(),
  environment: Environment,
  date: Type.String(),
  timezone: Type.String(),
  state: Lit('pending', 'sending', 'retrying', 'sent', 'failed'),
  recipients: Type.Array(Type.String()),
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  next_attempt_at: Nullable(Type.String()),
  sent_at: Nullable(Type.String()),
  last_sent_at: Nullable(Type.String()),
  message_id: Nullable(Type.String()),
  resend_count: Type.Integer(),
  attached: Nullable(Type.Boolean()),
  summary: Nullable(
    StoredJson(
      Type.Object(
        {
          transactions: Type.Optional(Type.Integer()),
          totals: Type.Optional(
            Type.Object({ count: Type.Integer(), amount: Type.String() }, { additionalProperties: true }),
          ),
        },
        { additionalProperties: true },
      ),
    ),
  ),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const ReportDeliveryPage = Type.Object({
  data: Type.Array(ReportDeliveryInfo),
  pagination: Type.Object({
    total: Type.Integer(),
    page: Type.Integer(),
    size: Type.Integer(),
    total_pages: Type.Integer(),
  }),
});

export const ReportSummaryInfo = Type.Object({
  merchant_code: Type.String(),
  merchant_name: Type.String(),
  environment: Environment,
  date: Type.String(),
  timezone: Type.String(),
  window: Type.Object({ from: Type.String(), to: Type.String() }),
  complete: Type.Boolean(),
  transactions: Type.Integer(),
  totals: ReportTally,
  totals_by_product: Type.Array(Type.Object({ product: Type.String(), ...Tally, debit: Type.String() })),
  status_breakdown: Type.Object({
    success: ReportTally,
    failed: ReportTally,
    pending: ReportTally,
    reversed: ReportTally,
  }),
  /** The day's sales settled after the day ended (the breakdown keeps their day-end state). */
  changed_after_day: Type.Object({
    ...Tally,
    debit: Type.String(),
    now_success: Type.Integer(),
    now_failed: Type.Integer(),
    now_pending: Type.Integer(),
    now_reversed: Type.Integer(),
  }),
  opening_balance: Type.String(),
  closing_balance: Type.String(),
  wallet_movements: Type.Object({
    funding: Type.String(),
    debits: Type.String(),
    refunds: Type.String(),
    adjustments: Type.String(),
    reversals: Type.String(),
    debit_corrections: Type.String(),
  }),
  generated_at: Type.String(),
});

export const ReportDetail = Type.Object({
  report: ReportSummaryInfo,
  recipients: Type.Array(Type.String()),
  delivery: Nullable(ReportDeliveryInfo),
});

export const ReportResend = Type.Object({
  sent: Type.Boolean(),
  error: Nullable(Type.String()),
  delivery: Nullable(ReportDeliveryInfo),
});

export const ReportSettingsInfo = Type.Object({
  smtp_url: Nullable(Type.String()),
  smtp_in_use: Nullable(Type.String()),
  smtp_source: Nullable(Lit('flag', 'settings')),
  smtp_warning: Nullable(
    Type.String({ description: 'set while the SMTP URL in use sends a password without TLS' }),
  ),
  from: Type.String(),
  send_time: Type.String(),
  timezone: Type.String(),
  holidays: Type.Array(Type.String()),
  max_attachment_bytes: Type.Integer(),
  console_url: Nullable(Type.String()),
  lookback_days: Type.Integer(),
});

/** `report run --json` as the CLI prints it ({ reports: [...], smtp? }), with ok in front. */
export const ReportRun = Type.Object({ ok: Type.Boolean() }, { additionalProperties: true });
