import { prep } from './db.js';
import type { Db } from './db.js';

export function getSetting<T>(db: Db, key: string, fallback: T): T {
  const r = prep(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return r ? (JSON.parse(r.value) as T) : fallback;
}

export function setSetting(db: Db, key: string, value: unknown): void {
  prep(
    db,
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, JSON.stringify(value));
}
