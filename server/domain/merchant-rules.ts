import { isIP } from 'node:net';
import { recipientProblem } from '../../common/email-address.js';
import { InvalidInput } from './errors.js';
import { BILL_PRODUCTS, isBillProduct } from './networks.js';

/** Parses a live allowlist entry: an IPv4/IPv6 address or a CIDR. Throws a readable error. */
export function parseAllowEntry(entry: string): {
  address: string;
  prefix: number | null;
  family: 'ipv4' | 'ipv6';
} {
  const [address, prefixText] = entry.trim().split('/');
  const v = isIP(address);
  if (!v) throw new InvalidInput(`"${entry}" is not an IP address or CIDR`, 'allow_ips');
  const family = v === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, prefix: null, family };
  const prefix = Number(prefixText);
  if (!/^\d+$/.test(prefixText) || prefix < 0 || prefix > (v === 4 ? 32 : 128)) {
    throw new InvalidInput(`"${entry}" has an invalid prefix length`, 'allow_ips');
  }
  return { address, prefix, family };
}

/** A change to a merchant's profile; a field left out stays as it is, a list given replaces it. */
export interface MerchantUpdate {
  name?: string;
  status?: 'active' | 'suspended';
  allowIps?: string[];
  liveBills?: string[];
  reportEmails?: string[];
  reportTest?: boolean;
}

/** How an edge names a list in its refusals: the console's words and body field, or the CLI's flag. */
export interface PatchWords {
  liveBills: { label: string; field: string };
  reportEmails: { label: string; field: string };
}

export const CONSOLE_PATCH_WORDS: PatchWords = {
  liveBills: { label: 'live bills', field: 'live_bills' },
  reportEmails: { label: 'report recipients', field: 'report_emails' },
};

export const CLI_PATCH_WORDS: PatchWords = {
  liveBills: { label: '--enable-bills', field: 'enable-bills' },
  reportEmails: { label: '--report-email', field: 'report-email' },
};

/** How an edge refuses a new merchant's code and name: the console's words, or the CLI's flags. */
export interface NewMerchantWords {
  code: string;
  name: string;
}

export const CONSOLE_NEW_MERCHANT_WORDS: NewMerchantWords = {
  code: 'the merchant code must be 2 to 20 capital letters, digits or _',
  name: 'the merchant needs a name',
};

export const CLI_NEW_MERCHANT_WORDS: NewMerchantWords = {
  code: '--code: 2-20 capital letters, digits or _',
  name: '--name: the merchant needs a name',
};

/**
 * A new merchant as the console's New merchant form and the CLI's `merchant create` both give
 * it: the code trimmed and upper-cased (`shop1` is SHOP1), the name trimmed and not blank.
 */
export function parseNewMerchant(
  input: { code: string; name: string },
  words: NewMerchantWords,
): { code: string; name: string } {
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9_]{2,20}$/.test(code)) throw new InvalidInput(words.code, 'code');
  const name = input.name.trim();
  if (!name) throw new InvalidInput(words.name, 'name');
  return { code, name };
}

/** Trimmed, without blanks, each value once, in the order given. */
const cleanList = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/**
 * A merchant profile change as the console's merchant page and the CLI's `merchant update` both
 * send it: allowlist entries and report recipients trimmed, checked and kept once each, bill
 * products upper-cased and known. Each refusal names the bad entry in the edge's own words.
 */
export function parseMerchantPatch(input: MerchantUpdate, words: PatchWords): MerchantUpdate {
  const patch: MerchantUpdate = {};
  if (input.name !== undefined) {
    if (!input.name.trim()) throw new InvalidInput('the name must not be empty', 'name');
    patch.name = input.name.trim();
  }
  if (input.status === 'active' || input.status === 'suspended') patch.status = input.status;
  if (input.allowIps !== undefined) {
    patch.allowIps = cleanList(input.allowIps);
    patch.allowIps.forEach(parseAllowEntry);
  }
  if (input.liveBills !== undefined) {
    const bills = input.liveBills.map((b) => b.trim().toUpperCase());
    for (const b of bills)
      if (!isBillProduct(b))
        throw new InvalidInput(
          `${words.liveBills.label}: unknown product ${b}; use ${BILL_PRODUCTS.join(', ')}`,
          words.liveBills.field,
        );
    patch.liveBills = [...new Set(bills)];
  }
  if (input.reportEmails !== undefined) {
    patch.reportEmails = cleanList(input.reportEmails);
    for (const e of patch.reportEmails) {
      const problem = recipientProblem(e);
      if (problem)
        throw new InvalidInput(`${words.reportEmails.label}: "${e}" ${problem}`, words.reportEmails.field);
    }
  }
  if (input.reportTest !== undefined) patch.reportTest = input.reportTest;
  return patch;
}
