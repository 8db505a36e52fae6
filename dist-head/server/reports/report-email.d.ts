import { type DailyReport } from './report-builder.js';
/** How the CSV travels: attached, or (too large) as a link to the console download. */
export type CsvDelivery = {
    kind: 'attached';
    fileName: string;
    bytes: number;
} | {
    kind: 'link';
    url: string;
    bytes: number;
    limitBytes: number;
};
export interface ReportEmail {
    subject: string;
    text: string;
    html: string;
}
/** 123456789 kobo -> "1,234,567.89". */
export declare function groupedNaira(kobo: number): string;
export declare function reportSubject(r: DailyReport): string;
/** The plain-text part: aligned columns that read in any client and in a terminal. */
export declare function reportText(r: DailyReport, csv: CsvDelivery): string;
export declare function escapeHtml(s: string): string;
/** The HTML part: one column, 640 px, inline styles, readable without images. */
export declare function reportHtml(r: DailyReport, csv: CsvDelivery): string;
export declare function renderReportEmail(r: DailyReport, csv: CsvDelivery): ReportEmail;
