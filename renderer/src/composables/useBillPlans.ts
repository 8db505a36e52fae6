import { computed, nextTick, onMounted, ref, watch } from 'vue';
import { useCatalogStore } from '../stores/catalog.js';
import { ApiError } from '../lib/errors.js';
import type { BillProduct } from '../lib/bills.js';
import type { BillPlanRow } from '../api/types.js';

/**
 * What a bill sale is for: the product's plans, loaded when the form opens, and the provider,
 * meter type and bouquet chosen from them. "Try again" after a failed sale comes back with
 * `retryPlan` (the plan's id), which chooses them again.
 */
export function useBillPlans(form: { readonly product: BillProduct }, retryPlan: string) {
  const catalog = useCatalogStore();
  const plans = ref<BillPlanRow[]>([]);
  const loadError = ref('');
  const provider = ref('');
  const meterType = ref<'prepaid' | 'postpaid'>('prepaid');
  const planId = ref<number | null>(null);

  onMounted(async () => {
    try {
      plans.value = await catalog.loadBillPlans(form.product);
      const retry = plans.value.find((p) => String(p.id) === retryPlan);
      if (retry) {
        provider.value = retry.network;
        if (retry.meter_type === 'prepaid' || retry.meter_type === 'postpaid')
          meterType.value = retry.meter_type;
        // After the provider's change has cleared the bouquet (below).
        await nextTick();
        if (form.product === 'CABLE') planId.value = retry.id;
      }
    } catch (e) {
      loadError.value = e instanceof ApiError ? e.message : String(e);
    }
  });

  const providers = computed(() => [...new Set(plans.value.map((p) => p.network))]);
  const providerPlans = computed(() =>
    plans.value.filter(
      (p) =>
        p.network === provider.value && (form.product !== 'ELECTRICITY' || p.meter_type === meterType.value),
    ),
  );
  /** Electricity and betting have one plan per provider (and meter type); cable lists bouquets. */
  const plan = computed(() =>
    form.product === 'CABLE'
      ? (providerPlans.value.find((p) => p.id === planId.value) ?? null)
      : (providerPlans.value[0] ?? null),
  );
  watch(provider, () => {
    planId.value = null;
  });

  return { plans, loadError, provider, meterType, planId, providers, providerPlans, plan };
}
