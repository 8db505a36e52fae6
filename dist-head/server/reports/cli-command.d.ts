export interface ReportsCommandInput {
    dataDir: string;
    date: string;
    send: boolean;
    code?: string;
    smtpUrl: string | null;
    actor: string;
    /** Tests and callers embedding the CLI may pin the clock. */
    now?: () => number;
}
/**
 * `report run --date D [--send] [--code C]` (DESIGN "Operator CLI contract"): builds the day's
 * reports of every merchant with report recipients (or of merchant C) and, with --send, e-mails
 * the ones not delivered yet. A delivered report is not sent again (the console resends).
 */
export declare function runReportsCommand(o: ReportsCommandInput): Promise<{
    ok: boolean;
    json: unknown;
    human: string;
}>;
