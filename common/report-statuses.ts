/**
 * The daily report's status breakdown, in the order and words both the e-mail and the console's
 * report summary print it, so a bookkeeper comparing the two reads the same lines.
 */
export const REPORT_STATUSES = ['success', 'failed', 'pending', 'reversed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_STATUS_LABEL: Record<ReportStatus, string> = {
  success: 'Successful',
  failed: 'Failed (refunded)',
  pending: 'Pending',
  reversed: 'Reversed (credited back after success)',
};
