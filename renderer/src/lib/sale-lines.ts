import type { Sale } from '../api/types.js';
import { formatPhone } from './phone.js';
import { networkName } from './network-names.js';
import { cardValueText } from './catalog-filters.js';

type SaleLine = Pick<
  Sale,
  'product' | 'kind' | 'network' | 'customer' | 'plan_name' | 'quantity' | 'details'
>;

/** An airtime or data sale: its customer is a phone number, shown as one (never split across lines). */
export const isPhoneCustomer = (s: Pick<SaleLine, 'product'>) =>
  s.product === 'airtime' || s.product === 'data';
const isTelco = isPhoneCustomer;

/** A data plan named with its network ("Glo TikTok 1GB Weekly") is not given the network twice. */
function dataItem(network: string, plan: string): string {
  if (!plan) return network;
  return plan.toLowerCase().includes(network.toLowerCase()) ? plan : `${network} · ${plan}`;
}

/**
 * What was sold, under the product's name in a list: the network and, for data, its plan
 * ("Glo · 1GB 30 days"); a card's item, its value and how many ("Amazon.com USD 10-500 (US) · USD 37.50 × 2").
 */
export function saleItemLine(s: SaleLine): string {
  const network = networkName(s.network);
  const item = s.product === 'data' ? dataItem(network, s.plan_name) : network || s.plan_name;
  const value = s.details.face_value
    ? ` · ${cardValueText(s.details.currency_code ?? '', s.details.face_value)}`
    : '';
  return `${item}${value}${s.quantity > 1 ? ` × ${s.quantity}` : ''}`;
}

/**
 * Who the sale was for: the phone, meter, smartcard or betting id; for a gift card the address
 * or number it was also sent to. A card or eSIM sent nowhere has no customer to show ('—'),
 * rather than its item's name again.
 */
export function saleCustomer(s: SaleLine): string {
  if (isTelco(s)) return formatPhone(s.customer);
  if (s.customer) return s.customer;
  return s.details.destination ?? '—';
}
