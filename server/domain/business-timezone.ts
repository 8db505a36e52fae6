/**
 * The default of the node's business timezone: its business day and the times its console
 * shows. The zone in force is a setting (`businessTimezone` in store/settings.ts, edited with
 * the daily-report settings); this is what a node that never set it uses.
 */
export const DEFAULT_BUSINESS_TIMEZONE = 'Africa/Lagos';
