import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePrivateDir, ensurePrivateFile, tightenSqliteSideFiles } from './file-modes.js';
import { SETTINGS } from './setting-keys.js';

export type Db = Database.Database;

/** The SQL files live in server/store/migrations; compiled code in dist/ finds them there too. */
function migrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  if (existsSync(join(dir, 'migrations'))) return join(dir, 'migrations');
  for (let i = 0; i < 4; i++) {
    dir = dirname(dir);
    const candidate = join(dir, 'server', 'store', 'migrations');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('server/store/migrations not found');
}

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const migrationFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();

export function loadMigrations(dir = migrationsDir()): Migration[] {
  return migrationFiles(dir).map((f) => ({
    version: Number(f.slice(0, 3)),
    name: f,
    sql: readFileSync(join(dir, f), 'utf8'),
  }));
}

/** The newest schema version this VendPoint knows, from the file names alone. */
export function latestKnownVersion(dir = migrationsDir()): number {
  const last = migrationFiles(dir).at(-1);
  return last ? Number(last.slice(0, 3)) : 0;
}

/** A database file the node refuses to open, with the reason; the file is left as it was. */
export class DatabaseRefused extends Error {}
export class DatabaseFromFuture extends DatabaseRefused {}

/**
 * Looks at an existing file read-only before anything writes to it (switching it to WAL is a
 * write): a database from a newer VendPoint, or a file that is not a database at all (a
 * truncated backup), is refused with the file named and left exactly as it was.
 */
function checkBeforeWriting(path: string): void {
  if (!existsSync(path) || statSync(path).size === 0) return;
  refuseForeignWal(path);
  let ro: Db | null = null;
  try {
    ro = new Database(path, { readonly: true, fileMustExist: true });
    const hasVersions = ro
      .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`)
      .get();
    if (!hasVersions) {
      // Only an empty file is set up as new: another program's tables are not ours to migrate.
      const tables = (
        ro
          .prepare(
            `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 4`,
          )
          .all() as { name: string }[]
      ).map((t) => t.name);
      if (tables.length > 0)
        throw new DatabaseRefused(
          `${path} is a SQLite database of another program (tables ${tables.join(', ')}${tables.length > 3 ? ', …' : ''}), not a VendPoint one; point --data-dir at an empty directory (the file was not changed)`,
        );
      return;
    }
    const newest = (
      ro.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }
    ).v;
    const latestKnown = latestKnownVersion();
    if (newest !== null && newest > latestKnown)
      throw new DatabaseFromFuture(
        `database schema version ${newest} in ${path} is newer than this VendPoint (knows up to ${latestKnown}); upgrade VendPoint (the file was not changed)`,
      );
    // A restored backup is checked whole once, before its first start acts on it (which clears
    // the mark): a damaged copy must not take sales.
    const hasSettings = ro
      .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'`)
      .get();
    const restored =
      hasSettings && ro.prepare('SELECT 1 FROM settings WHERE key = ?').get(SETTINGS.backupTakenAt.key);
    if (restored) {
      const result = String(ro.pragma('integrity_check(1)', { simple: true }));
      if (result !== 'ok')
        throw new DatabaseRefused(
          `${path} is a restored backup that fails its integrity check (${result}); restore the backup again with \`restore --from FILE\`, or another backup (the file was not changed)`,
        );
    }
  } catch (err) {
    if (err instanceof DatabaseRefused) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
      throw new Error(
        `${path} is not a readable VendPoint database (${(err as Error).message}); if it is a restored backup, restore another one, or move it aside to start empty (the file was not changed)`,
      );
    // Anything else (a WAL file this read-only look cannot open) is the normal open's to judge.
  } finally {
    ro?.close();
  }
}

/**
 * A backup copy is in rollback-journal mode (header bytes 18–19 are 1; the node's own database
 * is in WAL mode, 2). A non-empty `-wal` beside such a file belongs to the database the copy
 * replaced: SQLite would replay it onto the copy when switching it to WAL, damaging it beyond
 * repair, silently. It is refused before anything opens the file.
 */
function refuseForeignWal(path: string): void {
  const wal = `${path}-wal`;
  if (!existsSync(wal) || statSync(wal).size === 0) return;
  const header = Buffer.alloc(20);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 20, 0);
  } finally {
    closeSync(fd);
  }
  if (header[18] === 1 && header[19] === 1)
    throw new DatabaseRefused(
      `${path} is a copied-in backup, but ${wal} beside it belongs to the database it replaced, and replaying it would damage the copy: move ${wal} and ${path}-shm aside (\`restore --from FILE\` does this), then start again (nothing was changed)`,
    );
}

/**
 * Opens the node's SQLite file with the durability settings DESIGN asks for: WAL,
 * synchronous=FULL (a committed purchase survives a power cut), a busy timeout for the CLI
 * writing beside a running node, and foreign keys.
 */
export function openDatabase(dataDir: string, fileName = 'vendpoint.db'): Db {
  ensurePrivateDir(dataDir);
  const path = join(dataDir, fileName);
  checkBeforeWriting(path);
  // Created 0600 before SQLite opens it: its -wal and -shm then inherit that mode.
  ensurePrivateFile(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // Savepoint journals of group commit in memory, not temp files (durability is the WAL's).
  db.pragma('temp_store = MEMORY');
  tightenSqliteSideFiles(path);
  return db;
}

/** Applies pending numbered migrations, each in its own transaction, and records them. */
export function migrate(db: Db, migrations = loadMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  const latestKnown = migrations.at(-1)?.version ?? 0;
  const newest = Math.max(0, ...applied);
  if (newest > latestKnown) {
    throw new DatabaseFromFuture(
      `database schema version ${newest} is newer than this VendPoint (knows up to ${latestKnown}); upgrade VendPoint`,
    );
  }
  // One history: a migration numbered below what the database already has was written on
  // another line of work, and running it now would apply changes out of their order.
  const behind = migrations.filter((m) => !applied.has(m.version) && m.version < newest);
  if (behind.length > 0)
    throw new DatabaseRefused(
      `migration ${behind.map((m) => m.name).join(', ')} is older than the database's schema version ${newest} but was never applied to it: migrations run in order only; number a new one above ${latestKnown}`,
    );
  const done: number[] = [];
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    // A migration that rebuilds a table (SQLite's 12-step way) needs foreign keys off, and that
    // pragma is ignored inside a transaction, so it is switched here and checked before commit.
    const keysOff = FOREIGN_KEYS_OFF.test(m.sql);
    const keysWereOn = keysOff && (db.pragma('foreign_keys', { simple: true }) as number) === 1;
    if (keysWereOn) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(m.sql);
        if (keysOff) {
          const broken = db.pragma('foreign_key_check') as { table: string }[];
          if (broken.length > 0) {
            throw new Error(
              `migration ${m.name} left ${broken.length} broken foreign key(s) in ${broken[0].table}`,
            );
          }
        }
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
          m.version,
          m.name,
          new Date().toISOString(),
        );
      }).immediate();
    } finally {
      if (keysWereOn) db.pragma('foreign_keys = ON');
    }
    done.push(m.version);
  }
  return done;
}

/** First line of a migration that must run with foreign keys off (a table rebuild). */
const FOREIGN_KEYS_OFF = /^-- migrate: foreign_keys=off\s*$/m;

/** The books' time (never backwards for one database): see stamp-clock.ts. */
export { nowIso } from './stamp-clock.js';

const statementCache = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per connection: preparing on every call dominates hot paths. */
export function prep(db: Db, sql: string): Database.Statement {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

const versionMemo = new WeakMap<Db, { at: number; version: number }>();

/**
 * SQLite's data_version (changes when another connection — the CLI — commits), read at most
 * once per millisecond: in-memory caches check it on every request, and the pragma costs a
 * few microseconds each time. A change by another process shows within a millisecond or two.
 */
export function externalDataVersion(db: Db): number {
  const now = Date.now();
  const memo = versionMemo.get(db);
  if (memo && memo.at === now) return memo.version;
  const version = prep(db, 'PRAGMA data_version').pluck().get() as number;
  versionMemo.set(db, { at: now, version });
  return version;
}
