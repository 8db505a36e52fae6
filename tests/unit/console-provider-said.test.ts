import { describe, expect, it } from 'vitest';
import { providerSaid } from '../../server/http/console/views.js';
import type { VendJob } from '../../server/store/vend-jobs.js';

const job = (lastError: string | null) => ({ lastError }) as VendJob;

describe('what the provider said, as the pending panel shows it to the desk', () => {
  it('turns transport failures into what the desk needs to know', () => {
    for (const said of [
      'Status read answered HTTP 500',
      'Headers Timeout Error',
      'connect ECONNREFUSED 127.0.0.1:9',
      'Status read failed: the provider did not answer within 15 s',
      'Status read failed: the provider refused the connection: nothing answers at its address and port',
      'No usable answer after the request was sent: the provider closed the connection before it answered',
    ])
      expect(providerSaid(job(said)), said).toBe(
        "The provider's system did not answer properly; the node will ask again.",
      );
  });
  it("keeps the provider's own words and the node's plain states", () => {
    expect(providerSaid(job('pending'))).toBe('The sale is still being processed.');
    expect(providerSaid(job('Awaiting telco confirmation'))).toBe('Awaiting telco confirmation.');
    expect(providerSaid(job(null))).toBe('');
  });
});
