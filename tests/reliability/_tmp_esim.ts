import { startTestNode } from '../helpers/test-node.js';
import { esimPlanOf } from '../../server/jobs/catalog-sync.js';
const b = await startTestNode();
const r = await b.call('GET', '/v1/esim/catalog');
const local = new Map((b.node.services.db.prepare('SELECT * FROM esim_plans').all() as any[]).map((p) => [p.plan_id, p]));
let shown = 0;
for (const row of r.json.data) {
  const p = esimPlanOf(row, b.node.services.catalog.get().fx)!;
  const l = local.get(p.plan_id);
  for (const f of ['title', 'country', 'region', 'data_gb', 'duration_days', 'currency_code'] as const) if ((l as any)[f] !== (p as any)[f] && shown++ < 5) console.log(f, JSON.stringify((l as any)[f]), JSON.stringify((p as any)[f]), JSON.stringify(row[f]));
}
await b.close();
