/** Checks the admin pages run before sending (the node checks again, strictly). */

import { formatDay } from '../../lib/time.js';
import { amountProblem } from '../../lib/amount-input.js';
import { recipientProblem } from '../../../../common/email-address.js';
import {
  isUsername,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_RULE_WORDS,
} from '../../../../common/console-user-rules.js';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:]+(:\d{1,3}(\.\d{1,3}){3})?$/;

/** An IPv4/IPv6 address or a CIDR, like the node's parseAllowEntry. */
export function ipOrCidrProblem(v: string): string | null {
  const [address, prefix, extra] = v.split('/');
  if (extra !== undefined) return `"${v}" is not an IP address or CIDR.`;
  const v4 = IPV4.test(address);
  const v6 = !v4 && address.includes(':') && IPV6.test(address);
  if (!v4 && !v6) return `"${v}" is not an IP address or CIDR (e.g. 203.0.113.7 or 10.0.0.0/8).`;
  if (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (v4 ? 32 : 128))) {
    return `"${v}" has an invalid prefix length (0 to ${v4 ? 32 : 128}).`;
  }
  return null;
}

/** The node's own rule (common/email-address.ts), checked before sending. */
export function emailProblem(v: string): string | null {
  const problem = recipientProblem(v);
  return problem ? `"${v}" ${problem}.` : null;
}

export function dayProblem(v: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime())
    ? null
    : `"${v}" is not a date.`;
}

/**
 * A day the page cannot use because it comes after `latest` (both YYYY-MM-DD, which compare as
 * text): `reason` and the latest day it can use, as the console says it beside the field instead
 * of the browser's bubble. Null when the day is `latest` or earlier, or empty (nothing to say).
 */
export function dayAfterProblem(day: string, latest: string, reason: string): string | null {
  return day && day > latest ? `${reason}: choose ${formatDay(latest)} or earlier.` : null;
}

/**
 * Every problem of the Add user form at once, by field (username, password, limit,
 * environments), in the node's words (common/console-user-rules.ts): the admin fixes them all
 * in one go, before any request.
 */
export function newUserProblems(u: {
  username: string;
  password: string;
  limit: string;
  environments: readonly string[];
}): Record<string, string> {
  const found: Record<string, string> = {};
  if (!isUsername(u.username)) found.username = `The username must be ${USERNAME_RULE_WORDS}.`;
  if (u.password.length < PASSWORD_MIN)
    found.password = `The password must be at least ${PASSWORD_MIN} characters long.`;
  else if (u.password.length > PASSWORD_MAX)
    found.password = `The password must be at most ${PASSWORD_MAX} characters long.`;
  const limit = u.limit.trim()
    ? amountProblem(
        u.limit,
        'The daily limit must be an amount in Naira, e.g. 200,000 (or empty for no limit).',
      )
    : '';
  if (limit) found.limit = limit;
  if (!u.environments.length) found.environments = 'Tick at least one environment the user may sell in.';
  return found;
}

/** "-2.5" (%) -> -250 basis points; null when it is not a percentage with at most two decimals. */
export function percentToBasisPoints(text: string): number | null {
  const t = text.trim().replace(/%$/, '').replace(/^\+/, '');
  if (!/^-?\d{1,2}(\.\d{1,2})?$/.test(t)) return null;
  const negative = t.startsWith('-');
  const [whole, frac = ''] = t.replace('-', '').split('.');
  const bp = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return negative ? -bp : bp;
}
