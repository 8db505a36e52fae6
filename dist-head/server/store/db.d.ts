import Database from 'better-sqlite3';
export type Db = Database.Database;
export interface Migration {
    version: number;
    name: string;
    sql: string;
}
export declare function loadMigrations(dir?: string): Migration[];
export declare class DatabaseFromFuture extends Error {
}
/**
 * Opens the node's SQLite file with the durability settings DESIGN asks for: WAL,
 * synchronous=FULL (a committed purchase survives a power cut), a busy timeout for the CLI
 * writing beside a running node, and foreign keys.
 */
export declare function openDatabase(dataDir: string, fileName?: string): Db;
/** Applies pending numbered migrations, each in its own transaction, and records them. */
export declare function migrate(db: Db, migrations?: Migration[]): number[];
export declare function nowIso(): string;
/** A prepared statement, compiled once per connection: preparing on every call dominates hot paths. */
export declare function prep(db: Db, sql: string): Database.Statement;
/**
 * SQLite's data_version (changes when another connection — the CLI — commits), read at most
 * once per millisecond: in-memory caches check it on every request, and the pragma costs a
 * few microseconds each time. A change by another process shows within a millisecond or two.
 */
export declare function externalDataVersion(db: Db): number;
