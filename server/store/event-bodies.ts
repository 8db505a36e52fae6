import { prep, type Db } from './db.js';
import { jsonTextFromColumn } from './sealed-results.js';
import { koboToApiNaira } from '../../common/money.js';

/**
 * An event's delivered body, apart from events.ts so the sending thread, which reads bodies
 * itself, does not load the API views that events.ts builds event data with.
 */

export const publicEventId = (id: number) => `evt_${id}`;

/**
 * What a wallet event moved, beside `data`, in Naira as the API writes money: `funding` on
 * wallet.funded (the amount credited), `adjustment` on wallet.adjusted (signed: "-5.00" took
 * money out). Both are stored in the event's funding_kobo column.
 */
export const fundingOf = (kobo: number) => ({ amount: koboToApiNaira(kobo) });
export const movementField = (type: string) => (type === 'wallet.adjusted' ? 'adjustment' : 'funding');

/**
 * The exact JSON an event is delivered as, built around the stored `data` text instead of
 * parsing and re-serialising it: the stored text is JSON.stringify output, so the bytes are
 * the same as JSON.stringify of the parsed event (the feed's form) at a fraction of the cost.
 */
export function getEventBody(db: Db, id: number): string | null {
  const r = prep(
    db,
    'SELECT id, type, environment, data, funding_kobo, created_at FROM events WHERE id = ?',
  ).get(id) as
    | {
        id: number;
        type: string;
        environment: string;
        data: string;
        funding_kobo: number | null;
        created_at: string;
      }
    | undefined;
  if (!r) return null;
  const head = JSON.stringify({
    id: publicEventId(r.id),
    type: r.type,
    created_at: r.created_at,
    environment: r.environment,
  });
  const funding =
    r.funding_kobo === null ? '' : `,"${movementField(r.type)}":${JSON.stringify(fundingOf(r.funding_kobo))}`;
  return `${head.slice(0, -1)},"data":${jsonTextFromColumn(db, r.data)}${funding}}`;
}
