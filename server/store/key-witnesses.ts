import type { Db } from './db.js';
import { getSetting, SETTINGS } from './settings.js';

/**
 * One value of each kind a data directory can hold sealed with its secret.key, read before
 * migrations run, so from any schema since the first release: an upstream's secret, the SMTP
 * URL, a webhook endpoint's signing secret (current or rotated out), a sale's result carrying a
 * voucher (a token, card codes, an eSIM code; other results are plain JSON), and an event's
 * data showing such a result. Credentials are hashed, not sealed, so they witness nothing. A
 * database from before the node recorded a check of its key (store/bootstrap.ts) is told its
 * own key by whether that key opens these.
 */
export function sealedWitnesses(db: Db): string[] {
  const has = (table: string, column: string) =>
    db
      .prepare(
        `SELECT 1 FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table' AND m.name = ? AND c.name = ?`,
      )
      .get(table, column) !== undefined;
  // Every sealed value starts with the secret box's format tag (SecretBox.seal).
  const sealedIn = (table: string, column: string): string | null =>
    has(table, column)
      ? ((
          db.prepare(`SELECT ${column} AS v FROM ${table} WHERE ${column} LIKE 'v1.%' LIMIT 1`).get() as
            { v: string } | undefined
        )?.v ?? null)
      : null;
  const found = [
    sealedIn('upstreams', 'secret_sealed'),
    has('settings', 'value') ? getSetting(db, SETTINGS.reportsSmtpUrlSealed) : null,
    sealedIn('webhook_endpoints', 'secret_sealed'),
    sealedIn('webhook_endpoints', 'old_secret_sealed'),
    sealedIn('purchases', 'result'),
    sealedIn('events', 'data'),
  ];
  return found.filter((v): v is string => v !== null);
}
