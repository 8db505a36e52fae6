import { formatKobo } from '../../../common/money-display.js';
import { formatDateTime } from './time.js';
import { formatBytes } from './bytes.js';
import { productCategoryName } from '../../../common/products.js';
import { networkName } from './network-names.js';

/**
 * An audit entry's detail in a line, as a person reads it: "amount ₦5,000.00 · reason top-up",
 * not "amount_kobo=500000". Keys are written by several parts of the node, snake_case and
 * camelCase alike (a merchant's patch says `allowIps`): both become words. Kobo in Naira,
 * bytes in kB or MB, a price term's basis points as a percentage, times in local time, lists
 * joined, an upstream's route as "Airtime on MTN", other nested objects as "key value" pairs.
 */
export function auditDetailText(detail: Record<string, unknown>): string {
  return pairs(detail).join(' · ');
}

function pairs(o: Record<string, unknown>): string[] {
  return Object.entries(o)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => {
      const kobo = /(?:_kobo|Kobo)$/.exec(k);
      if (kobo && typeof v === 'number') return `${words(k.slice(0, kobo.index))} ${formatKobo(v)}`;
      const bytes = /(?:_bytes|Bytes)$/.exec(k);
      if (bytes && typeof v === 'number') return `${words(k.slice(0, bytes.index))} ${formatBytes(v)}`;
      if (/^basis_?points$/i.test(k) && typeof v === 'number') return `term ${percent(v)}`;
      if (k === 'product' && typeof v === 'string') return `product ${productCategoryName(v)}`;
      if (k === 'network' && typeof v === 'string') return `network ${networkName(v)}`;
      return `${words(k)} ${value(v)}`;
    });
}

/** Basis points as the pricing page writes them: -250 is "−2.50 %". */
const percent = (bp: number) => `${bp < 0 ? '−' : '+'}${(Math.abs(bp) / 100).toFixed(2)} %`;

/** The abbreviations people write in capitals. */
const CAPITALS: Record<string, string> = { ip: 'IP', ips: 'IPs', url: 'URL', urls: 'URLs', smtp: 'SMTP' };

export function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/_id$/, '_no.')
    .split('_')
    .filter(Boolean)
    .map((w) => CAPITALS[w] ?? w)
    .join(' ');
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function value(v: unknown): string {
  if (Array.isArray(v)) {
    if (!v.length) return 'none';
    return v.map(value).join(v.some((item) => isObject(item) && !isRoute(item)) ? '; ' : ', ');
  }
  if (isRoute(v)) return routeText(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string' && ISO_TIME.test(v)) return formatDateTime(v);
  if (isObject(v)) return pairs(v).join(', ');
  return String(v);
}

/** An upstream's route: a product and the network it covers ('' for all of them). */
interface Route {
  product: string;
  network: string;
}

function isRoute(v: unknown): v is Route {
  if (!isObject(v)) return false;
  const keys = Object.keys(v).sort().join(',');
  return keys === 'network,product' && typeof v.product === 'string' && typeof v.network === 'string';
}

/** "Airtime on MTN", "Data on every network", "Cable TV on every provider", "Gift cards". */
function routeText(r: Route): string {
  const product = productCategoryName(r.product);
  if (r.network) return `${product} on ${networkName(r.network)}`;
  if (r.product === 'airtime' || r.product === 'data') return `${product} on every network`;
  // Gift cards and eSIMs are routed as a whole; bills by distribution company, bouquet or bookmaker.
  return r.product === 'giftcard' || r.product === 'esim' ? product : `${product} on every provider`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
