import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiPost, queryString } from '../api/client.js';
import type { Environment } from '../api/types.js';
import type { DashboardInfo, ReportDeliveryInfo, ReportSummaryInfo } from './adminTypes.js';
import { createRunner } from './runner.js';
import { plural } from '../lib/sentences.js';

export interface ReportFilter {
  merchant_code: string;
  environment: '' | Environment;
  from: string;
  to: string;
  state: string;
}

export const emptyReportFilter = (): ReportFilter => ({
  merchant_code: '',
  environment: '',
  from: '',
  to: '',
  state: '',
});

/**
 * What was sold, told back: today's dashboard, the daily reports' deliveries, one day's
 * report, its CSV, resending it, and running a day by hand.
 */
export const useReportsStore = defineStore('reports', () => {
  /** The query the deliveries were last loaded with; a resend or a run reloads the same. */
  let lastFilter = emptyReportFilter();
  const deliveries = ref<ReportDeliveryInfo[]>([]);
  const total = ref(0);
  const report = ref<{
    report: ReportSummaryInfo;
    recipients: string[];
    delivery: ReportDeliveryInfo | null;
  } | null>(null);
  const { busy, error, notice, run, reloadKeepingNotice } = createRunner();

  async function load(filter: ReportFilter = lastFilter): Promise<void> {
    lastFilter = { ...filter };
    await run(async () => {
      const r = await apiGet<{ data: ReportDeliveryInfo[]; pagination: { total: number } }>(
        `/console/reports${queryString({ ...lastFilter, limit: 100 })}`,
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
    await reloadKeepingNotice(load);
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
          ? `${plural(r.reports.length, 'report')} built${send ? '' : ' (not sent)'}.`
          : 'No merchant has report recipients.',
    );
    await reloadKeepingNotice(load);
  }

  const csvUrl = (code: string, env: Environment, date: string) => `${path(code, env, date)}/csv`;

  /** Today at a glance for one environment. */
  const dashboard = ref<DashboardInfo | null>(null);
  async function loadDashboard(env: Environment): Promise<void> {
    await run(async () => {
      dashboard.value = await apiGet<DashboardInfo>(`/console/admin/dashboard?environment=${env}`);
    });
  }

  return {
    dashboard,
    loadDashboard,
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
