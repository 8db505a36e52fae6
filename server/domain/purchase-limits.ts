/** Purchase limits that no catalog plan carries (airtime is any amount within them). */
export interface PurchaseLimits {
  airtimeMinKobo: number;
  airtimeMaxKobo: number;
}

/** The setting `limits` overrides these (50 to 50,000 Naira of airtime per purchase). */
export const DEFAULT_LIMITS: PurchaseLimits = { airtimeMinKobo: 5000, airtimeMaxKobo: 5_000_000 };
