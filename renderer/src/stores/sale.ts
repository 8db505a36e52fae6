import { defineStore } from 'pinia';
import { ref } from 'vue';
import { apiGet, apiPost } from '../api/client.js';
import type { GiftCardCode, Sale, VerifiedCustomer } from '../api/types.js';

export interface SellBody {
  product: 'airtime' | 'data' | 'ELECTRICITY' | 'CABLE' | 'BETTING';
  network: string;
  customer_msisdn: string;
  amount: string;
  client_request_id: string;
  plan_code?: string;
  phone?: string;
}

export interface GiftcardOrderBody {
  request_id: string;
  plan_id: number;
  quantity: number;
  face_value?: number;
  send_via?: 'email' | 'sms' | 'whatsapp';
  destination?: string;
}

export interface EsimOrderBody {
  request_id: string;
  plan_id: string;
}

export interface VerifyBody {
  product: 'ELECTRICITY' | 'CABLE' | 'BETTING';
  network: string;
  customer_msisdn: string;
  plan_code: string;
}

/** How long to wait before each look at a pending sale: quick at first, then calmer. */
export const FOLLOW_DELAYS_MS = [1000, 2000, 3000, 5000, 5000, 10_000];
export const FOLLOW_MAX_DELAY_MS = 15_000;
export const nextFollowDelay = (attempt: number): number => FOLLOW_DELAYS_MS[attempt] ?? FOLLOW_MAX_DELAY_MS;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sales made or opened in this session, by reference, and the pending ones being followed. */
export const useSaleStore = defineStore('sale', () => {
  const sales = ref<Record<string, Sale>>({});
  const cards = ref<Record<string, GiftCardCode[]>>({});
  const following = new Set<string>();

  function keep(sale: Sale): Sale {
    sales.value[sale.reference] = sale;
    return sale;
  }

  const sell = async (body: SellBody) => keep(await apiPost<Sale>('/console/sell', body));
  const orderGiftcard = async (body: GiftcardOrderBody) =>
    keep(await apiPost<Sale>('/console/giftcards/orders', body));
  const orderEsim = async (body: EsimOrderBody) => keep(await apiPost<Sale>('/console/esim/orders', body));
  const verify = async (body: VerifyBody) =>
    (await apiPost<{ customer: VerifiedCustomer }>('/console/verify', body)).customer;
  const load = async (ref: string) =>
    keep(await apiGet<Sale>(`/console/purchases/${encodeURIComponent(ref)}`));
  /** Asks the provider now (the node also does so on its own schedule). */
  const requery = async (ref: string) =>
    keep(await apiPost<Sale>(`/console/purchases/${encodeURIComponent(ref)}/requery`));

  async function reveal(ref: string): Promise<GiftCardCode[]> {
    const r = await apiPost<{ cards: GiftCardCode[] }>(
      `/console/purchases/${encodeURIComponent(ref)}/reveal`,
    );
    cards.value[ref] = r.cards;
    return r.cards;
  }

  /**
   * Re-reads a pending sale until it is final or stop() is called, waiting nextFollowDelay
   * between looks. A failed look (node briefly away) is retried on the same schedule.
   */
  async function follow(
    ref: string,
    sleep: (ms: number) => Promise<void> = sleepFor,
  ): Promise<Sale | undefined> {
    if (following.has(ref)) return sales.value[ref];
    following.add(ref);
    try {
      for (let attempt = 0; following.has(ref) && sales.value[ref]?.status === 'pending'; attempt++) {
        await sleep(nextFollowDelay(attempt));
        if (!following.has(ref)) break;
        await load(ref).catch(() => undefined);
      }
      return sales.value[ref];
    } finally {
      following.delete(ref);
    }
  }

  function stop(ref: string): void {
    following.delete(ref);
  }

  const isFollowing = (ref: string) => following.has(ref);

  return {
    sales,
    cards,
    sell,
    orderGiftcard,
    orderEsim,
    verify,
    load,
    requery,
    reveal,
    follow,
    stop,
    isFollowing,
  };
});
