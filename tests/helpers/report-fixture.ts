import { expect } from 'vitest';
import { DateTime } from 'luxon';
import { startTestNode, type TestNode, type Pair } from './test-node.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';
import { updateMerchant } from '../../server/store/merchants.js';
import { updateReportSettings } from '../../server/reports/report-settings.js';
import { runReportSchedule, type ReportTickSummary } from '../../server/jobs/report-schedule.js';
import { reportContextOf } from '../../server/reports/delivery-service.js';
import { deliveryDayOf, localDay } from '../../server/domain/business-days.js';

export const TZ = 'Africa/Lagos';
export const RECIPIENTS = ['finance@acme.example', 'ops@acme.example'];

/** A purchase made through the API, with its outcome as the status call reports it. */
export interface Made {
  key: string;
  ref: string;
  product: string;
  network: string;
  msisdn: string;
  amount: string;
  status: string;
  token?: string;
}

export interface ReportFixture {
  t: TestNode;
  smtp: SmtpCapture;
  pair: Pair;
  made: Made[];
  /** The Lagos day the purchases were made on. */
  today: string;
  /** Moves the node's clock to 08:00 on the day's delivery day and runs the report schedule. */
  sendDueReports(): Promise<ReportTickSummary>;
  close(): Promise<void>;
}

const BODIES = [
  (k: string) => ({
    path: '/v1/transactions/airtime/sync',
    body: { network: 'mtn', customer_msisdn: '08031234567', amount: '150', client_request_id: k },
  }),
  (k: string) => ({
    path: '/v1/transactions/data/sync',
    body: {
      network: 'mtn',
      customer_msisdn: '08039876543',
      plan_code: 'MTN-101',
      amount: '75.00',
      client_request_id: k,
    },
  }),
  (k: string) => ({
    path: '/v1/transactions',
    body: {
      product: 'ELECTRICITY',
      network: 'Ikeja Electric',
      customer_msisdn: '10000000001',
      plan_code: '101',
      amount: '1000.00',
      client_request_id: k,
    },
  }),
  (k: string) => ({
    path: '/v1/transactions',
    body: {
      product: 'CABLE',
      network: 'DSTV',
      customer_msisdn: '10000000010',
      plan_code: '201',
      amount: '4400.00',
      client_request_id: k,
    },
  }),
];

/**
 * A node, a real SMTP server and merchant ACME (₦300,000 test wallet, report recipients, test
 * reports on) with purchases made through the /v1 API until the day holds every status: a
 * successful electricity purchase with a token, a failed one and a pending one.
 */
export async function startReportFixture(): Promise<ReportFixture> {
  const smtp = await startSmtpCapture();
  let clockShift = 0;
  // A third of vends fail and a fifth stay pending (for an hour), so every status shows.
  const t = await startTestNode(
    { syncTimeoutMs: 1500 },
    {
      simulator: { failureRate: 0.3, pendingRate: 0.2, pendingForMs: 3_600_000 },
      now: () => Date.now() + clockShift,
    },
  );
  const pair = t.merchant('ACME', { testNaira: 300_000 }).test;
  const { db, box } = t.node.services;
  updateMerchant(db, 'ACME', { reportEmails: RECIPIENTS, reportTest: true }, 'test');
  updateReportSettings(
    db,
    box,
    { smtpUrl: smtp.url, from: 'VendPoint Reports <reports@vendpoint.test>' },
    'test',
  );
  const today = localDay(Date.now(), TZ);
  const made: Made[] = [];
  const has = () => ({
    token: made.some((p) => p.product === 'ELECTRICITY' && p.status === 'success'),
    failed: made.some((p) => p.status === 'failed'),
    pending: made.some((p) => p.status === 'pending'),
  });
  for (let i = 0; i < 60; i++) {
    const h = has();
    if (i >= 8 && h.token && h.failed && h.pending) break;
    const { path, body } = BODIES[i % BODIES.length](`acme-${i}`);
    const r = await t.call('POST', path, { pair, body: { merchant_code: 'ACME', ...body } });
    expect(r.status, r.text).toBe(200);
    const d = r.json.data;
    made.push({
      key: body.client_request_id,
      ref: d.internal_reference,
      product: d.product,
      network: d.network,
      msisdn: body.customer_msisdn,
      amount: body.amount,
      status: r.json.status,
    });
  }
  // The outcome the status call reports now is what the report must show.
  for (const p of made) {
    const s = await t.call('GET', `/v1/transactions/status?client_request_id=${p.key}`, { pair });
    p.status = s.json.status;
    p.token = s.json.data.token;
  }
  expect(has()).toEqual({ token: true, failed: true, pending: true });
  return {
    t,
    smtp,
    pair,
    made,
    today,
    async sendDueReports() {
      clockShift =
        DateTime.fromISO(`${deliveryDayOf(today, [])}T08:00`, { zone: TZ }).toMillis() - Date.now();
      return runReportSchedule(reportContextOf(t.node.services, { nodeUrl: t.url }));
    },
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
