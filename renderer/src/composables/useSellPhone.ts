import { computed, ref } from 'vue';
import { useRoute } from 'vue-router';
import {
  TELCOS,
  TELCO_LABEL,
  detectNetwork,
  formatPhone,
  networkMismatch,
  type Telco,
} from '../lib/phone.js';

/**
 * The customer's number and network of a sale to a phone (airtime, data): filled from the query
 * "Try again" comes back with after a failed sale, and written as the confirm step lists them.
 */
export function useSellPhone() {
  const query = useRoute().query;
  /** What "Try again" brought back under `key` ('' when nothing). */
  const retried = (key: string) => {
    const v = query[key];
    return typeof v === 'string' ? v : '';
  };
  const phone = ref(retried('customer'));
  const network = ref<Telco | null>(TELCOS.find((t) => t === retried('network').toUpperCase()) ?? null);
  const confirmLines = computed(() => [
    { label: 'Network', value: network.value ? TELCO_LABEL[network.value] : '' },
    { label: 'Phone number', value: formatPhone(phone.value) },
  ]);
  /** The form's warning about a network the prefix does not match, still true when paying. */
  const mismatch = computed(() => networkMismatch(detectNetwork(phone.value), network.value) ?? undefined);
  return { retried, phone, network, confirmLines, mismatch };
}
