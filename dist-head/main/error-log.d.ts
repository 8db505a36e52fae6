/** The desktop shell's log, in the data directory so it travels with the database it describes. */
export declare const DESKTOP_LOG_FILE = "desktop.log";
export type LogLevel = 'info' | 'warn' | 'error';
/**
 * Appends one line per event: ISO time, level, message (and an error's stack). Synchronous on
 * purpose: the lines that matter most are written just before a crash. Never log a secret.
 */
export declare class DesktopLog {
    private readonly now;
    readonly path: string;
    constructor(dataDir: string, now?: () => Date);
    info(message: string): void;
    warn(message: string): void;
    error(message: string, err?: unknown): void;
    write(level: LogLevel, message: string): void;
}
export declare function describeError(err: unknown): string;
