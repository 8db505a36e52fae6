import type { Services } from '../services/context.js';
import { type Day } from '../domain/business-days.js';
import { type ReportContext, type ReportLog } from '../reports/delivery-service.js';
/**
 * The daily-report schedule (DESIGN "Schedules"). Each tick: on a business day past the send
 * time, record a delivery for every merchant, environment and earlier day not yet delivered
 * (Monday: Friday, Saturday, Sunday); then attempt whatever is pending or due for a retry.
 * Ticks are frequent and cheap, so settings edited in the console apply without a restart
 * and a retry goes out close to its time.
 */
export interface ReportTickSummary {
    today: Day;
    businessDay: boolean;
    /** Deliveries recorded by this tick. */
    created: number;
    attempted: number;
    sent: number;
    failed: number;
    /** Sends of a dead process found and marked failed. */
    interrupted: number;
}
export declare function runReportSchedule(ctx: ReportContext): Promise<ReportTickSummary>;
/** Every 15 seconds: frequent enough for retries and setting changes, cheap when idle. */
export declare const REPORT_SCHEDULE_EXPRESSION = "*/15 * * * * *";
/** The named job node.ts hands to startSchedules. */
export declare function reportScheduleJob(s: Services, log: ReportLog, nodeUrl: string): {
    expression: string;
    run: () => Promise<unknown>;
};
