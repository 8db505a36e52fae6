import { computed, nextTick, ref, watch, type Ref } from 'vue';
import { useSaleStore } from '../stores/sale.js';
import { ApiError } from '../lib/errors.js';
import { currentBouquetOf } from '../lib/bill-form.js';
import type { BillProduct } from '../lib/bills.js';
import type { BillPlanRow, VerifiedCustomer } from '../api/types.js';
import type { useSellFlow } from './useSellFlow.js';
import type { useBillPlans } from './useBillPlans.js';

/**
 * The verify step of a bill sale: the biller names the customer behind the id typed (or refuses
 * it, said beside the id's field, which takes the focus), and any change to who is being paid
 * makes that answer meaningless.
 */
export function useBillVerify(
  form: { readonly product: BillProduct },
  flow: ReturnType<typeof useSellFlow>,
  choice: ReturnType<typeof useBillPlans>,
  customerId: Ref<string>,
  customerInput: Ref<HTMLInputElement | null>,
) {
  const sales = useSaleStore();
  const { provider, meterType, planId, plan, providerPlans } = choice;
  const verified = ref<VerifiedCustomer | null>(null);
  /** The biller's refusal of the customer id at verify, said beside that field. */
  const customerRefused = ref('');

  // Any change to who is being paid makes the earlier verification meaningless (a cable
  // bouquet may change after verify: the customer is the same).
  watch([provider, meterType, customerId], () => {
    verified.value = null;
    customerRefused.value = '';
  });
  watch(planId, () => {
    if (form.product !== 'CABLE') verified.value = null;
  });

  /** The customer's current bouquet, when verify names one of this provider's bouquets. */
  const currentBouquet = computed<BillPlanRow | null>(() =>
    currentBouquetOf(verified.value, providerPlans.value),
  );

  /**
   * Who was verified, said by a status the form holds from the start: the focus goes on to the
   * amount, and a live region added already holding its text is not announced.
   */
  const verifiedSaid = computed(() => {
    if (!verified.value) return '';
    const name = verified.value.customer_name?.trim();
    return name ? `Customer verified: ${name}. Read the name back to the customer.` : 'Customer verified.';
  });

  /** Asks the biller who the customer is; the form has checked the provider, plan and id. */
  async function verify(): Promise<void> {
    customerRefused.value = '';
    const customer = await flow.run(async () => {
      try {
        return await sales.verify({
          product: form.product,
          network: provider.value,
          customer_msisdn: customerId.value.trim(),
          // Cable may verify the smartcard before a bouquet is chosen: any bouquet of the provider names it.
          plan_code: String((plan.value ?? providerPlans.value[0]).id),
        });
      } catch (e) {
        // A 400 is the biller (or the node) refusing this id: the agent fixes the field. A
        // provider that cannot answer stays a message for the whole form.
        if (!(e instanceof ApiError) || e.status !== 400) throw e;
        customerRefused.value = e.message;
        return undefined;
      }
    });
    if (customerRefused.value) {
      await nextTick();
      customerInput.value?.focus();
    }
    if (customer) {
      verified.value = customer;
      // The usual cable sale is a renewal: the current bouquet is offered as the choice.
      if (form.product === 'CABLE' && planId.value === null && currentBouquet.value)
        planId.value = currentBouquet.value.id;
    }
  }

  return { verified, customerRefused, currentBouquet, verifiedSaid, verify };
}
