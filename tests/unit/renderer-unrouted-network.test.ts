import { describe, expect, it } from 'vitest';
import { onlyNetworksText, unroutedNetworkText } from '../../renderer/src/lib/products.js';

// What the sell forms and tiles say in live when only some networks are routed (GET
// /console/products `networks`); null there means any network, as in test.
describe('a live network no provider is routed for', () => {
  it('is said with the networks that can be sold, named as people write them', () => {
    expect(unroutedNetworkText('airtime', ['AIRTEL'], 'MTN')).toBe(
      'Live airtime can be sold for Airtel only: no provider is set up for MTN. An admin can add one.',
    );
    expect(unroutedNetworkText('CABLE', ['DSTV', 'GOTV'], 'STARTIMES')).toBe(
      'Live cable TV can be sold for DStv, GOtv only: no provider is set up for StarTimes. An admin can add one.',
    );
  });

  it('says nothing for a routed network (in any case), with no network chosen, or when any is sold', () => {
    expect(unroutedNetworkText('airtime', ['AIRTEL'], 'AIRTEL')).toBe('');
    expect(unroutedNetworkText('ELECTRICITY', ['IBEDC'], 'ibedc')).toBe('');
    expect(unroutedNetworkText('airtime', ['AIRTEL'], null)).toBe('');
    expect(unroutedNetworkText('data', null, 'GLO')).toBe('');
  });

  it('the tile names the routed networks alone', () => {
    expect(onlyNetworksText(['AIRTEL'])).toBe('Airtel only');
    expect(onlyNetworksText(['IBEDC', 'EKEDC'])).toBe('IBEDC, EKEDC only');
  });
});
