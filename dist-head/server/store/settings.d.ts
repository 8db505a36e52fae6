import type { Db } from './db.js';
export declare function getSetting<T>(db: Db, key: string, fallback: T): T;
export declare function setSetting(db: Db, key: string, value: unknown): void;
