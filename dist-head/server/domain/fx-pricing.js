/**
 * NGN price, in kobo, of an amount in a foreign currency: converted at the configured rate,
 * the margin added, rounded up to the whole Naira so quotes read cleanly. Integer arithmetic
 * on minor units keeps catalog, quote and order identical.
 */
export function ngnPriceKobo(amount, currency, fx) {
    const rate = fx.rates_ngn[currency];
    if (rate === undefined || !(rate > 0))
        return null;
    const cents = Math.round(amount * 100);
    const rateKobo = Math.round(rate * 100);
    const marginBp = Math.round(fx.margin_percent * 100);
    const base = (cents * rateKobo) / 100; // kobo
    const withMargin = (base * (10_000 + marginBp)) / 10_000;
    return Math.ceil(withMargin / 100) * 100;
}
//# sourceMappingURL=fx-pricing.js.map