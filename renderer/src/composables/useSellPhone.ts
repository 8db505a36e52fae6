import { computed, onMounted, ref } from 'vue';
import { useRoute } from 'vue-router';
import { api } from '../api/client.js';
import { unroutedNetworkText } from '../lib/products.js';
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
 * In live, a network no provider is routed for is said as soon as it is chosen or detected,
 * not at the Sell button.
 */
export function useSellPhone(product: 'airtime' | 'data') {
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
  /** The live networks the node routes this product for; null when any (or in test). */
  const routed = ref<string[] | null>(null);
  onMounted(async () => {
    try {
      const { products } = await api.get('/console/products');
      routed.value = products.find((p) => p.product === product)?.networks ?? null;
    } catch {
      // Not read (the node unreachable): the sale itself is refused if its network has no route.
    }
  });
  /** Why the chosen network cannot be sold here now, for the agent; '' when it can. */
  const unrouted = computed(() => unroutedNetworkText(product, routed.value, network.value));
  return { retried, phone, network, confirmLines, mismatch, unrouted };
}
