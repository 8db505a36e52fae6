import { InvalidInput } from './errors.js';
import { koboToApiNaira, readNairaAmount, type Kobo } from '../../common/money.js';
import {
  isNotFoundGraceMinutes,
  NOT_FOUND_GRACE_MINUTES_MAX,
  NOT_FOUND_GRACE_MINUTES_MIN,
} from '../../common/upstream-limits.js';

/** Options an upstream understands (simulator faults, client time-outs, low-balance threshold, not-found grace). */
export const OPTION_KEYS: Record<string, 'number' | 'boolean' | 'naira'> = {
  latencyMs: 'number',
  pendingRate: 'number',
  failureRate: 'number',
  pendingForMs: 'number',
  slowFulfilment: 'boolean',
  timeoutMs: 'number',
  connectTimeoutMs: 'number',
  lowBalanceNaira: 'naira',
  notFoundGraceMinutes: 'number',
};

/** The low-balance alert of an upstream that sets none (nor the `upstream_low_balance_naira` setting). */
export const DEFAULT_LOW_BALANCE_KOBO: Kobo = 5_000_000;

/** Refuses unknown or mistyped options, so a typo does not silently do nothing. */
export function parseUpstreamOptions(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v))
    throw new InvalidInput('options must be an object', 'options');
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(v)) {
    // Own keys only: `toString` or `__proto__` is not an option, whatever Object.prototype holds.
    const type = Object.hasOwn(OPTION_KEYS, k) ? OPTION_KEYS[k] : undefined;
    if (!type)
      throw new InvalidInput(`unknown option ${k}; known: ${Object.keys(OPTION_KEYS).join(', ')}`, 'options');
    // A threshold of zero would never warn; an upstream without one gets the default.
    const naira = type === 'naira' ? readNairaAmount(value) : null;
    if (naira && !naira.ok && naira.problem === 'zero')
      throw new InvalidInput(
        `option ${k} must be more than zero; leave it out for the default, ${koboToApiNaira(DEFAULT_LOW_BALANCE_KOBO)}`,
        'options',
      );
    const ok =
      type === 'boolean'
        ? typeof value === 'boolean'
        : naira
          ? naira.ok
          : typeof value === 'number' && Number.isFinite(value) && value >= 0;
    if (!ok)
      throw new InvalidInput(
        `option ${k} must be ${type === 'naira' ? 'a Naira amount like "50000"' : `a ${type}`}`,
        'options',
      );
    if ((k === 'pendingRate' || k === 'failureRate') && typeof value === 'number' && value > 1)
      throw new InvalidInput(`option ${k} is a share from 0 to 1`, 'options');
    if (k === 'notFoundGraceMinutes' && !isNotFoundGraceMinutes(value))
      throw new InvalidInput(
        `option ${k} is whole minutes from ${NOT_FOUND_GRACE_MINUTES_MIN} (the node's own grace) to ${NOT_FOUND_GRACE_MINUTES_MAX}`,
        'options',
      );
    out[k] = value;
  }
  return out;
}
