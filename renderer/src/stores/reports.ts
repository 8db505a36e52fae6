import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/client.js';
import type { Answer, Environment } from '../api/types.js';
import type { DashboardInfo, ReportDeliveryInfo } from './adminTypes.js';
import { createRunner } from './runner.js';
import { plural } from '../lib/sentences.js';

export interface ReportFilter {
  merchant_code: string;
  environment: '' | Environment;
  from: string;
  to: string;
  state: string;
}

/**
 * `report run` for one day as the node answers it. Its schema (ReportRun) leaves the lines open
 * (the CLI's own JSON, additionalProperties), so the fields the page reads are said here.
 */
type RunResult = Answer<'/console/admin/reports/run', 'post'> & {
  reports: {
    merchant_code: string;
    environment: Environment;
    sent: boolean;
    error?: string;
    skipped?: string;
    transactions: number;
  }[];
};

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
  const report = ref<Answer<'/console/reports/{code}/{env}/{date}', 'get'> | null>(null);
  const { busy, error, notice, run, reloadKeepingNotice } = createRunner();

  async function load(filter: ReportFilter = lastFilter): Promise<void> {
    lastFilter = { ...filter };
    await run(async () => {
      const r = await api.get('/console/reports', { query: { ...lastFilter, limit: 100 } });
      deliveries.value = r.data;
      total.value = r.pagination.total;
    });
  }

  async function open(code: string, env: Environment, date: string): Promise<void> {
    report.value = await run(() =>
      api.get('/console/reports/{code}/{env}/{date}', { path: { code, env, date } }),
    );
  }

  async function resend(code: string, env: Environment, date: string): Promise<void> {
    await run(
      () => api.post('/console/reports/{code}/{env}/{date}/resend', { path: { code, env, date } }),
      (r) =>
        r.sent
          ? `The ${date} report of ${code} was sent.`
          : `Not sent: ${r.error ?? 'the mail server refused it'}. It will be retried.`,
    );
    await reloadKeepingNotice(load);
  }

  /** `report run` for one day: build every merchant's report and, with send, e-mail the undelivered ones. */
  const runResult = ref<RunResult | null>(null);
  async function runDay(date: string, send: boolean): Promise<void> {
    runResult.value = await run(
      async () => (await api.post('/console/admin/reports/run', { body: { date, send } })) as RunResult,
      (r) =>
        r.reports.length
          ? `${plural(r.reports.length, 'report')} built${send ? '' : ' (not sent)'}.`
          : 'No merchant has report recipients.',
    );
    await reloadKeepingNotice(load);
  }

  /**
   * Starts a day's report CSV (the node makes its checks and builds it) and answers the link to
   * download it once: a refusal is an ApiError for the page to say, not a failed download.
   */
  async function startCsv(code: string, env: Environment, date: string): Promise<string> {
    return (await api.post('/console/reports/{code}/{env}/{date}/exports', { path: { code, env, date } }))
      .href;
  }

  /** Today at a glance for one environment. */
  const dashboard = ref<DashboardInfo | null>(null);
  async function loadDashboard(env: Environment): Promise<void> {
    await run(async () => {
      dashboard.value = await api.get('/console/admin/dashboard', { query: { environment: env } });
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
    startCsv,
  };
});
