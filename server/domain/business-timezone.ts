/**
 * The node's business day and the times its console shows: one zone for the console pages,
 * cash-ups, agent limits, ledger exports, schedules and (by default) the daily reports.
 */
export const BUSINESS_TIMEZONE = 'Africa/Lagos';
