import type { Db } from './db.js';
import { prep } from './db.js';
import type { SecretBox } from './secret-box.js';
import { getSetting, setSetting, SETTINGS } from './settings.js';

/**
 * What a purchase delivered (`purchases.result`) can be money in someone's hand: an
 * electricity token, a gift card's number, PIN and claim link, an eSIM activation code.
 * Such a result is stored sealed whole with the data directory's secret box, so the
 * database file, its WAL and its backups show none of it; results without such a field
 * (airtime, data, cable, betting: references and messages) stay plain JSON and cost nothing
 * to read. The store seals on write and opens on read, so every reader sees the same object.
 */
export const VOUCHER_FIELDS: readonly string[] = [
  'token',
  'kct1',
  'kct2',
  'cards',
  'card_number',
  'pin',
  'pin_code',
  'claim_url',
  'activation_code',
  'lpa',
  'voucher',
  'voucher_code',
];

const boxes = new WeakMap<Db, SecretBox>();

/** Done once by whatever opens the store: the box that seals this database's results. */
export function attachSecretBox(db: Db, box: SecretBox): void {
  boxes.set(db, box);
}

function boxOf(db: Db): SecretBox {
  const box = boxes.get(db);
  if (!box) throw new Error('no secret box attached to this database: open it with openStore');
  return box;
}

function carriesVoucher(result: Record<string, unknown>): boolean {
  for (const field of VOUCHER_FIELDS) if (result[field] !== undefined) return true;
  return false;
}

/** The column text for a result: plain JSON, or the sealed JSON when it carries a voucher. */
export function resultColumn(db: Db, result: Record<string, unknown>): string {
  const json = JSON.stringify(result);
  return carriesVoucher(result) ? boxOf(db).seal(json) : json;
}

/** The result object from its column text (plain JSON starts with "{"; sealed text never does). */
export function resultFromColumn(db: Db, text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  return JSON.parse(text.startsWith('{') ? text : boxOf(db).open(text)) as Record<string, unknown>;
}

/**
 * Seals results stored in clear by an earlier version, once per database (a setting records
 * it, in the same transaction). secure_delete zeroes the space the clear text leaves, and a
 * truncating checkpoint moves the change out of the WAL into the database file, so neither
 * keeps a copy. Backups made before the upgrade still hold them: the docs say to replace them.
 */
export function sealClearResults(db: Db): number {
  if (getSetting(db, SETTINGS.resultsSealed)) return 0;
  db.pragma('secure_delete = ON');
  let sealed = 0;
  try {
    db.transaction(() => {
      const rows = prep(
        db,
        `SELECT id, result FROM purchases WHERE result LIKE '{%'`,
      ).iterate() as IterableIterator<{ id: number; result: string }>;
      const pending: { id: number; text: string }[] = [];
      for (const r of rows) {
        const value = JSON.parse(r.result) as Record<string, unknown>;
        if (carriesVoucher(value)) pending.push({ id: r.id, text: resultColumn(db, value) });
      }
      const update = prep(db, 'UPDATE purchases SET result = ? WHERE id = ?');
      for (const p of pending) update.run(p.text, p.id);
      sealed = pending.length;
      setSetting(db, SETTINGS.resultsSealed, true);
    }).immediate();
    if (sealed > 0) db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.pragma('secure_delete = OFF');
  }
  return sealed;
}

/**
 * Other stored JSON that shows a result (an event's `data` is the status answer, token and
 * cards included) is sealed under the same rule as the result itself.
 */
export function jsonColumnFor(db: Db, result: Record<string, unknown> | null, json: string): string {
  return result && carriesVoucher(result) ? boxOf(db).seal(json) : json;
}

/** The JSON text jsonColumnFor was given, opened if it was sealed. */
export function jsonTextFromColumn(db: Db, text: string): string {
  return text.startsWith('{') || text.startsWith('[') ? text : boxOf(db).open(text);
}

/** Reads what jsonColumnFor wrote. */
export function jsonFromColumn(db: Db, text: string): unknown {
  return JSON.parse(jsonTextFromColumn(db, text));
}
