import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { InvalidInput } from '../../domain/errors.js';
import { BILL_NETWORKS, parseBillNetwork, parseTelco, type BillProduct } from '../../domain/networks.js';
import { koboToApiNaira } from '../../../common/money.js';
import type { BillPlan, DataPlan } from '../../store/catalog.js';
import { errorResponses, type ApiPrefix } from '../schemas.js';
import { specRoutes } from './spec-routes.js';

export function dataPlanRow(p: DataPlan) {
  return {
    id: p.id,
    plan_code: p.plan_code,
    name: p.name,
    description: p.description,
    price: koboToApiNaira(p.price_kobo),
    tarrifTypeId: p.tarrif_type_id,
    validity: p.validity,
    value: p.value,
    group: p.grp,
    shortCode: p.short_code,
  };
}

/** Bill plan rows (DESIGN "API decisions"): id, name, network, product, amount_type, price; electricity adds meter_type. */
export interface BillPlanRowJson {
  id: number;
  name: string;
  network: string;
  product: string;
  amount_type: 'fixed' | 'range';
  price: string;
  max_price?: string;
  /** prepaid or postpaid, as the catalog (or a synced upstream catalog) says. */
  meter_type?: string;
}

export function billPlanRow(p: BillPlan): BillPlanRowJson {
  const row: BillPlanRowJson = {
    id: p.id,
    name: p.name,
    network: p.network,
    product: p.product,
    amount_type: p.amount_type,
    price: koboToApiNaira(p.price_kobo),
  };
  if (p.max_kobo !== null) row.max_price = koboToApiNaira(p.max_kobo);
  if (p.meter_type) row.meter_type = p.meter_type;
  return row;
}

export const PlansEnvelope = Type.Object({
  status: Type.String(),
  description: Type.String(),
  data: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});

export function dataPlansResponse(s: Services, networkParam: string) {
  const network = parseTelco(networkParam);
  return s.catalog.rendered(`data:${network}`, (c) => ({
    status: '2000',
    description: `${network} data plans`,
    data: c.dataPlans.filter((p) => p.network === network && p.active).map(dataPlanRow),
  }));
}

const isBillProduct = (p: string): p is BillProduct => p in BILL_NETWORKS;

export function billPlansResponse(s: Services, productParam: string, networkQuery: string | undefined) {
  const product = productParam.toUpperCase();
  if (!isBillProduct(product))
    throw new InvalidInput('product must be electricity, cable or betting', 'product');
  const network = networkQuery ? parseBillNetwork(product, networkQuery) : '';
  return s.catalog.rendered(`bills:${product}:${network}`, (c) => ({
    status: '2000',
    description: `${product} plans`,
    data: c.billPlans
      .filter((p) => p.product === product && p.active && (!network || p.network === network))
      .map(billPlanRow),
  }));
}

export const NetworkParams = Type.Object({ network: Type.String() });

export function registerPlanRoutes(server: FastifyInstance, s: Services, prefix: ApiPrefix): void {
  const routes = specRoutes(server, prefix, 'plans');
  routes.get(
    '/plans/bills/:product',
    {
      summary: 'Bill plans: electricity, cable or betting; optional ?network=',
      params: Type.Object({ product: Type.String() }),
      querystring: Type.Object({ network: Type.Optional(Type.String()) }),
      response: { 200: PlansEnvelope, ...errorResponses },
    },
    async (request) => billPlansResponse(s, request.params.product, request.query.network),
  );
  routes.get(
    '/plans/:network',
    {
      summary: 'Data plans of mtn, glo, airtel or 9mobile',
      params: NetworkParams,
      response: { 200: PlansEnvelope, ...errorResponses },
    },
    async (request) => dataPlansResponse(s, request.params.network),
  );
}
