/** The four mobile networks, as the API spells them. */
export const TELCOS = ['MTN', 'GLO', 'AIRTEL', '9MOBILE'] as const;
export type Telco = (typeof TELCOS)[number];

/**
 * A Nigerian mobile number as the API takes it: 11 digits starting 070, 071, 080, 081, 090 or
 * 091 (or the same after 234 instead of the 0). 0700, 0800 and 0900 are not mobile ranges
 * (non-geographic, toll-free and premium numbers): a top-up to one could only fail after the
 * wallet was debited. The node's rule (`parseMsisdn`) and the console's check share it.
 */
export function isMobileNumber(digits: string): boolean {
  return /^(?:0|234)[789](?:0[1-9]|1\d)\d{7}$/.test(digits);
}

/**
 * Number prefix -> network as allocated by the NCC. Numbers are ported between networks,
 * so this is a hint for the console (which warns on a mismatch), never a rule for the API.
 */
export const PREFIX_NETWORK: Record<string, Telco> = {
  '0703': 'MTN',
  '0704': 'MTN',
  '0706': 'MTN',
  '0707': 'MTN',
  '0803': 'MTN',
  '0806': 'MTN',
  '0810': 'MTN',
  '0813': 'MTN',
  '0814': 'MTN',
  '0816': 'MTN',
  '0903': 'MTN',
  '0906': 'MTN',
  '0913': 'MTN',
  '0916': 'MTN',
  '07025': 'MTN',
  '07026': 'MTN',
  '0705': 'GLO',
  '0805': 'GLO',
  '0807': 'GLO',
  '0811': 'GLO',
  '0815': 'GLO',
  '0905': 'GLO',
  '0915': 'GLO',
  '0701': 'AIRTEL',
  '0708': 'AIRTEL',
  '0802': 'AIRTEL',
  '0808': 'AIRTEL',
  '0812': 'AIRTEL',
  '0901': 'AIRTEL',
  '0902': 'AIRTEL',
  '0904': 'AIRTEL',
  '0907': 'AIRTEL',
  '0911': 'AIRTEL',
  '0912': 'AIRTEL',
  '0809': '9MOBILE',
  '0817': '9MOBILE',
  '0818': '9MOBILE',
  '0908': '9MOBILE',
  '0909': '9MOBILE',
};

/**
 * The local 0… form of digits in the international 234… form ("2348031234567" -> "08031234567");
 * other digits as they are. Prefix-wise, so a number still being typed ("234803") reads as the
 * start of its local form ("0803"). The node's stored and shown form, the console's too.
 */
export function toLocalMsisdn(digits: string): string {
  return digits.startsWith('234') ? `0${digits.slice(3)}` : digits;
}

/**
 * The local 0… form of a whole Nigerian phone number as people type and print it
 * ("0803 123 4567", "+234 803 123 4567", "2348031234567", dashes too); null for anything else:
 * part of a number, a reference, a meter or smartcard number (the 0 or 234 is not followed by
 * 7, 8 or 9, where every Nigerian mobile range starts). History searches such a number as the
 * customer's number, in both stored forms.
 */
export function wholePhoneNumber(text: string): string | null {
  const m = /^(?:\+?234|0)([789]\d{9})$/.exec(text.replace(/[\s-]/g, ''));
  return m ? `0${m[1]}` : null;
}

/** Detects the network of a local (0…) or international (234…) number; null when unknown. */
export function detectNetwork(msisdn: string): Telco | null {
  const local = toLocalMsisdn(msisdn.replace(/\D/g, ''));
  return PREFIX_NETWORK[local.slice(0, 5)] ?? PREFIX_NETWORK[local.slice(0, 4)] ?? null;
}
