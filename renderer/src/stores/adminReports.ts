import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiPost, queryString } from '../api/client.js';
import type { Environment } from '../api/types.js';
import type { ReportDeliveryInfo, ReportSummaryInfo } from './adminTypes.js';
import { createRunner } from './adminShared.js';

export interface ReportFilter {
  merchant_code: string;
  environment: '' | Environment;
  from: string;
  to: string;
  state: string;
}

/** Daily reports: deliveries, one day's report, its CSV, and resending it. */
export const useAdminReportsStore = defineStore('adminReports', () => {
  const filter = ref<ReportFilter>({ merchant_code: '', environment: '', from: '', to: '', state: '' });
  const deliveries = ref<ReportDeliveryInfo[]>([]);
  const total = ref(0);
  const report = ref<{
    report: ReportSummaryInfo;
    recipients: string[];
    delivery: ReportDeliveryInfo | null;
  } | null>(null);
  const { busy, error, notice, run } = createRunner();

  async function load(): Promise<void> {
    await run(async () => {
      const r = await apiGet<{ data: ReportDeliveryInfo[]; pagination: { total: number } }>(
        `/console/reports${queryString({ ...filter.value, limit: 100 })}`,
      );
      deliveries.value = r.data;
      total.value = r.pagination.total;
    });
  }

  const path = (code: string, env: Environment, date: string) =>
    `/console/reports/${encodeURIComponent(code)}/${env}/${date}`;

  async function open(code: string, env: Environment, date: string): Promise<void> {
    report.value = await run(() =>
      apiGet<{ report: ReportSummaryInfo; recipients: string[]; delivery: ReportDeliveryInfo | null }>(
        path(code, env, date),
      ),
    );
  }

  async function resend(code: string, env: Environment, date: string): Promise<void> {
    await run(
      () => apiPost<{ sent: boolean; error: string | null }>(`${path(code, env, date)}/resend`),
      (r) =>
        r.sent
          ? `The ${date} report of ${code} was sent.`
          : `Not sent: ${r.error ?? 'the mail server refused it'}. It will be retried.`,
    );
    const message = notice.value;
    await load();
    notice.value = message;
  }

  /** `report run` for one day: build every merchant's report and, with send, e-mail the undelivered ones. */
  const runResult = ref<{
    ok: boolean;
    reports: {
      merchant_code: string;
      environment: Environment;
      sent: boolean;
      error?: string;
      skipped?: string;
      transactions: number;
    }[];
  } | null>(null);
  async function runDay(date: string, send: boolean): Promise<void> {
    runResult.value = await run(
      () => apiPost<NonNullable<typeof runResult.value>>('/console/admin/reports/run', { date, send }),
      (r) =>
        r.reports.length
          ? `${r.reports.length} report(s) built${send ? '' : ' (not sent)'}.`
          : 'No merchant has report recipients.',
    );
    const message = notice.value;
    await load();
    notice.value = message;
  }

  const csvUrl = (code: string, env: Environment, date: string) => `${path(code, env, date)}/csv`;

  return {
    filter,
    deliveries,
    total,
    report,
    runResult,
    busy,
    error,
    notice,
    load,
    open,
    resend,
    runDay,
    csvUrl,
  };
});
