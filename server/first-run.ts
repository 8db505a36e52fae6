import type { IssuedPair } from './store/merchants.js';

/** Said wherever a data directory is created (node or CLI): a mistyped --data-dir starts empty. */
export const NEW_DATA_DIR_WARNING =
  'this data directory was new (if you expected your sales here, stop now and check --data-dir)';

/**
 * Shown once, when a new data directory is created: the DEMO test pair and a curl to try. A
 * `reissued` pair replaces one its first start made but stopped before showing.
 */
export function printFirstRun(url: string, pair: IssuedPair, how: 'new' | 'reissued' = 'new'): void {
  console.log('');
  console.log(
    how === 'new'
      ? `First start: ${NEW_DATA_DIR_WARNING}.`
      : `First start completed: the start that created this data directory stopped before showing the DEMO credentials, so a new pair replaces them (if you expected your sales here, stop now and check --data-dir).`,
  );
  console.log('Created merchant DEMO with a ₦1,000,000.00 test wallet. Its TEST credentials (shown once):');
  console.log(`  X-Merchant-Key:    ${pair.key}`);
  console.log(`  X-Merchant-Secret: ${pair.secret}`);
  console.log('Try it:');
  console.log(
    `  curl -s ${url}/v1/wallet/balance -H 'X-Merchant-Key: ${pair.key}' -H 'X-Merchant-Secret: ${pair.secret}'`,
  );
  console.log('');
}

/**
 * While nobody has claimed the console: this machine may create the first admin directly; any
 * other computer needs this code (it changes at every start until setup is done).
 */
export function printSetupCode(url: string, code: string): void {
  console.log(
    `Console setup: open ${url}/ on this machine, or enter setup code ${code} from another computer.`,
  );
}
