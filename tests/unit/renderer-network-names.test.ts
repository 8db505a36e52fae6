import { describe, expect, it } from 'vitest';
import { meterTypeName, networkName } from '../../renderer/src/lib/network-names.js';
import { billProviderName } from '../../common/provider-names.js';

describe('network and provider names in the console', () => {
  it('writes the API codes as customers know them', () => {
    expect(networkName('GLO')).toBe('Glo');
    expect(networkName('glo')).toBe('Glo');
    expect(networkName('9MOBILE')).toBe('9mobile');
    expect(networkName('GOTV')).toBe('GOtv');
    expect(networkName('DSTV')).toBe('DStv');
    expect(networkName('BET9JA')).toBe('Bet9ja');
    expect(networkName('1XBET')).toBe('1xBet');
  });
  it('keeps acronyms, names and unknown codes as they came; nothing for nothing', () => {
    expect(networkName('MTN')).toBe('MTN');
    expect(networkName('EKEDC')).toBe('EKEDC');
    expect(networkName('Ikeja Electric')).toBe('Ikeja Electric');
    expect(networkName('NEWCO')).toBe('NEWCO');
    expect(networkName('')).toBe('');
    expect(networkName(null)).toBe('');
  });
  it("the node's bill provider names are the console's", () => {
    for (const code of ['SPORTYBET', 'sportybet', 'GOTV', 'ABA', '1XBET', 'EKEDC', 'Ikeja Electric', 'NEWCO'])
      expect(billProviderName(code)).toBe(networkName(code));
  });
  it('capitalises the meter types', () => {
    expect(meterTypeName('prepaid')).toBe('Prepaid');
    expect(meterTypeName('postpaid')).toBe('Postpaid');
    expect(meterTypeName('')).toBe('');
  });
});
