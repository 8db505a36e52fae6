import { expect } from 'vitest';
import type { TestNode } from './test-node.js';

/**
 * A test file's last word on its node: the ledger must still balance after everything the file
 * did, and the node is closed even when it does not (so one failure does not leave a node running).
 */
export async function closeAfterLedgerCheck(t: TestNode): Promise<void> {
  try {
    expect(t.ledgerOk()).toBe(true);
  } finally {
    await t.close();
  }
}
