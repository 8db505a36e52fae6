import { InvalidInput, NoRoute } from '../domain/errors.js';
import { parseBillNetwork, parseCustomerId } from '../domain/networks.js';
import { resolveBillPlan } from '../domain/plan-resolution.js';
import { formatNaira } from '../domain/money.js';
/** Verifies a bill customer with the upstream that would vend the purchase; no charge. */
export async function verifyBillCustomer(s, caller, product, network, customerId, plan) {
    const upstream = s.router.available(caller.environment, 'transaction', product, network)[0];
    if (!upstream)
        throw new NoRoute(`No provider is configured for live ${product} ${network}`);
    const result = await upstream.verify({
        product,
        network,
        customerId,
        planId: String(plan.id),
        meterType: plan.meter_type,
    });
    const present = Object.fromEntries(Object.entries(result).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    return product === 'ELECTRICITY' ? withPurchaseLimits(present, plan) : present;
}
/**
 * Spec "Bill verify result": electricity always carries min_amount / max_amount, the purchase
 * limits; where the meter reports 0 (or nothing) the catalog floor and ceiling are used.
 */
function withPurchaseLimits(result, plan) {
    const out = { ...result };
    if (!(Number(out.min_amount) > 0))
        out.min_amount = formatNaira(plan.price_kobo);
    if (!(Number(out.max_amount) > 0)) {
        if (plan.max_kobo !== null)
            out.max_amount = formatNaira(plan.max_kobo);
        else
            delete out.max_amount;
    }
    return out;
}
/** POST /v1/transactions/verify: validates the body, then asks the biller. */
export async function verifyFromRequest(s, caller, body) {
    const product = body.product;
    if (product !== 'ELECTRICITY' && product !== 'CABLE' && product !== 'BETTING') {
        throw new InvalidInput('product must be ELECTRICITY, CABLE or BETTING', 'product');
    }
    const hasPlan = body.plan_code !== undefined && body.plan_code !== null && body.plan_code !== '';
    const hasService = body.service_id !== undefined && body.service_id !== null && body.service_id !== '';
    if (hasPlan === hasService)
        throw new InvalidInput('send exactly one of plan_code or service_id', 'plan_code');
    const network = parseBillNetwork(product, body.network);
    const customerId = parseCustomerId(body.customer_msisdn);
    const field = hasPlan ? 'plan_code' : 'service_id';
    const plan = resolveBillPlan(s.catalog.get().billPlans, product, network, hasPlan ? body.plan_code : body.service_id, field);
    return verifyBillCustomer(s, caller, product, network, customerId, plan);
}
//# sourceMappingURL=bill-verify.js.map