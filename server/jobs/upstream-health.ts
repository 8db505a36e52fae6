import type { Services } from '../services/context.js';
import { checkUpstreamBalances } from '../services/upstream-health.js';

export const UPSTREAM_HEALTH_CRON = '0 */5 * * * *';

/** The schedule of the upstream balance readings (services/upstream-health.ts): every five minutes. */
export function upstreamHealthJob(
  s: Services,
  log: { warn: (o: object, m: string) => void },
): { expression: string; run: () => Promise<unknown> } {
  return { expression: UPSTREAM_HEALTH_CRON, run: () => checkUpstreamBalances(s, log) };
}
