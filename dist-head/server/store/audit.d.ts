import type { Db } from './db.js';
/** Every operator change is recorded with who did it and why; secrets never enter the detail. */
export declare function recordAudit(db: Db, actor: string, action: string, subject: string, detail?: unknown): void;
export declare function listAudit(db: Db, limit?: number): unknown[];
