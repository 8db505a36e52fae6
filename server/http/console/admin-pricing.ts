import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { answer, CodeParams, typed } from './contract.js';
import { PricingPage, PricingQuote } from './admin-schemas.js';
import type { Services } from '../../services/context.js';
import { requireMerchant } from '../../store/merchants.js';
import { listPricing, setPricing } from '../../store/pricing.js';
import { debitUnderTerms, pickRule, type PricingRule } from '../../domain/pricing.js';
import { ROUTABLE_PRODUCTS } from '../../store/upstreams.js';
import { InvalidInput } from '../../domain/errors.js';
import { parseNaira } from '../../domain/money.js';
import { koboToApiNaira } from '../../../common/money.js';
import { adminActor } from './admin-guard.js';
import { OneLineText } from '../schema-blocks.js';

const tags = ['admin: pricing'];

const PricingBody = Type.Object(
  {
    product: Type.String(),
    network: Type.Optional(OneLineText({ maxLength: 40 })),
    basis_points: Type.Union([Type.Integer(), Type.Null()]),
  },
  { additionalProperties: false },
);

const ruleJson = (r: PricingRule) => ({
  product: r.product,
  network: r.network,
  basis_points: r.basis_points,
  // "-2.50%" / "+1.00%": how the page and the docs say it.
  percent: `${r.basis_points < 0 ? '-' : '+'}${(Math.abs(r.basis_points) / 100).toFixed(2)}%`,
});

/**
 * Pricing: per merchant, a discount (negative basis points) or markup per product,
 * optionally per network or provider. The merchant keeps sending the catalog price (the
 * spec's "amount must equal the plan price"); the wallet debit applies these terms.
 */
export function registerAdminPricingRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  const pageSchema = { tags, params: CodeParams, response: answer(PricingPage) };
  app.get('/console/admin/merchants/:code/pricing', { schema: pageSchema }, async (request) => {
    const m = requireMerchant(s.db, request.params.code);
    return {
      merchant_code: m.code,
      products: [...ROUTABLE_PRODUCTS],
      rules: listPricing(s.db, m.id).map(ruleJson),
    };
  });

  // Sets one term; basis_points null removes it (the catalog price applies again).
  app.put(
    '/console/admin/merchants/:code/pricing',
    { schema: { ...pageSchema, body: PricingBody } },
    async (request) => {
      const m = requireMerchant(s.db, request.params.code);
      const body = request.body;
      const rules = setPricing(s.db, {
        merchantId: m.id,
        merchantCode: m.code,
        product: body.product,
        network: (body.network ?? '').trim().toUpperCase(),
        basisPoints: body.basis_points,
        actor: adminActor(request),
      });
      return { merchant_code: m.code, products: [...ROUTABLE_PRODUCTS], rules: rules.map(ruleJson) };
    },
  );

  // What a sale at the catalog price would debit this merchant: the same function the sale uses.
  const quoteSchema = {
    tags,
    params: CodeParams,
    querystring: Type.Object({
      product: Type.Optional(Type.String()),
      network: Type.Optional(Type.String()),
      amount: Type.Optional(Type.String()),
    }),
    response: answer(PricingQuote),
  };
  app.get('/console/admin/merchants/:code/pricing/quote', { schema: quoteSchema }, async (request) => {
    const m = requireMerchant(s.db, request.params.code);
    const q = request.query;
    if (!q.product || !(ROUTABLE_PRODUCTS as readonly string[]).includes(q.product)) {
      throw new InvalidInput(`product must be one of ${ROUTABLE_PRODUCTS.join(', ')}`, 'product');
    }
    const amount = parseNaira(q.amount, 'amount');
    const network = (q.network ?? '').trim();
    const rules = listPricing(s.db, m.id);
    const rule = pickRule(rules, q.product, network);
    const debit = debitUnderTerms(rules, q.product, network, amount);
    return {
      product: q.product,
      network,
      catalog_amount: koboToApiNaira(amount),
      debit: koboToApiNaira(debit),
      difference: koboToApiNaira(debit - amount),
      rule: rule ? ruleJson(rule) : null,
    };
  });
}
