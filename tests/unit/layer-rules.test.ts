import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The first lint loads ESLint's config and the TypeScript parser: slow on a loaded machine.
/**
 * The layer rules of server/README.md, and common/ as the only meeting point of the node, the
 * shell and the console, are enforced by ESLint: an import against them fails lint.
 */
const eslint = new ESLint();
const problems = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages.filter(
    (m) => m.ruleId === '@typescript-eslint/no-restricted-imports',
  );

describe('layer rules (eslint.config.js)', () => {
  it.each([
    ['server/domain/x.ts', "import { prep } from '../store/db.js';\nexport const a = prep;\n"],
    [
      'server/store/x.ts',
      "import { syncCatalogs } from '../services/catalog-sync.js';\nexport const a = syncCatalogs;\n",
    ],
    ['server/upstreams/x.ts', "import { getJob } from '../store/vend-jobs.js';\nexport const a = getJob;\n"],
    [
      'server/upstreams/vending-api/x.ts',
      "import { listRoutes } from '../../store/upstreams.js';\nexport const a = listRoutes;\n",
    ],
    [
      'server/routing/x.ts',
      "import { placePurchase } from '../services/place-purchase.js';\nexport const a = placePurchase;\n",
    ],
    [
      'server/services/x.ts',
      "import { catalogSyncJob } from '../jobs/catalog-sync.js';\nexport const a = catalogSyncJob;\n",
    ],
    ['server/services/x.ts', "import { callerOf } from '../http/access.js';\nexport const a = callerOf;\n"],
    [
      'server/store/x.ts',
      "import { buildReport } from '../reports/report-builder.js';\nexport const a = buildReport;\n",
    ],
    ['server/jobs/x.ts', "import { callerOf } from '../http/access.js';\nexport const a = callerOf;\n"],
    [
      'server/http/console/x.ts',
      "import { cliErrorMessage } from '../../cli/tools.js';\nexport const a = cliErrorMessage;\n",
    ],
    [
      'common/x.ts',
      "import { parseNaira } from '../server/domain/money.js';\nexport const a = parseNaira;\n",
    ],
    ['common/x.ts', "import type { Sale } from '../renderer/src/api/types.js';\nexport type A = Sale;\n"],
    ['common/x.ts', "import { CHANNELS } from '../main/ipc.js';\nexport const a = CHANNELS;\n"],
    [
      'renderer/src/lib/x.ts',
      "import { detectNetwork } from '../../../server/domain/networks.js';\nexport const a = detectNetwork;\n",
    ],
    [
      'renderer/src/lib/x.ts',
      "import type { VendpointApi } from '../../../main/ipc.js';\nexport type A = VendpointApi;\n",
    ],
    [
      'renderer/src/components/sell/X.vue',
      "<script setup lang=\"ts\">\nimport { parseNaira } from '../../../../server/domain/money.js';\nparseNaira('1');\n</script>\n",
    ],
  ])(
    '%s: %s fails lint',
    async (file, code) => {
      expect(await problems(file, code)).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    ['server/services/x.ts', "import { prep } from '../store/db.js';\nexport const a = prep;\n"],
    [
      'server/http/x.ts',
      "import { placePurchase } from '../services/place-purchase.js';\nexport const a = placePurchase;\n",
    ],
    [
      'server/upstreams/x.ts',
      "import type { SyncedDataPlan } from '../store/catalog-sync-store.js';\nexport type A = SyncedDataPlan;\n",
    ],
    [
      'renderer/src/lib/x.ts',
      "import { formatKobo } from '../../../common/money-display.js';\nexport const a = formatKobo;\n",
    ],
    [
      'server/domain/x.ts',
      "import { detectNetwork } from '../../common/network-prefixes.js';\nexport const a = detectNetwork;\n",
    ],
    [
      'main/x.ts',
      "import type { VendpointApi } from '../common/preload-api.js';\nexport type A = VendpointApi;\n",
    ],
  ])(
    '%s: %s is allowed',
    async (file, code) => {
      expect(await problems(file, code)).toHaveLength(0);
    },
    60_000,
  );
});
