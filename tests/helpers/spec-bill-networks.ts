/**
 * The spec's "Network values for bills", written out once for the tests that go through every
 * biller. Restated from the spec, never imported from server/domain/networks.ts, so that a test
 * checking the node's lists against these can fail when the node's table drifts.
 */
export const DISCOS = [
  'Ikeja Electric',
  'EKEDC',
  'AEDC',
  'IBEDC',
  'EEDC',
  'KEDCO',
  'JED',
  'PHED',
  'BEDC',
  'ABEDC',
  'KAEDCO',
  'YEDC',
  'ABA',
];
export const CABLES = ['DSTV', 'GOTV', 'STARTIMES'];
export const BETTING = [
  'BET9JA',
  'SPORTYBET',
  '1XBET',
  'BETKING',
  'BETWAY',
  'NAIRABET',
  'MERRYBET',
  'BANGBET',
];
