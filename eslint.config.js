import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * The node's layers, lowest first (server/README.md "Layers"): a folder may import from the
 * folders before it, never from those after it. `upstreams` may import store *types* only
 * (the plan shapes a catalog maps into); adapters never call the store.
 */
const LAYERS = ['domain', 'store', 'upstreams', 'routing', 'services', 'reports', 'jobs', 'http'];
const above = (i) => LAYERS.slice(i + 1);
const layerRule = (layer, i) => {
  // upstreams may import store types: its store pattern below allows them. The operator CLI's
  // command groups (server/cli/) sit on top with cli.ts: no layer imports them.
  const forbidden = [...above(i), 'cli'];
  const patterns = [
    {
      regex: `^(\\.\\./)+(${forbidden.join('|')})/`,
      message: `server/${layer} must not import from ${forbidden.join(', ')} (layers: ${LAYERS.join(' < ')}).`,
    },
    {
      regex: '^(\\.\\./)+(main|renderer)/',
      message: 'The node never imports the desktop shell or the renderer; shared code lives in common/.',
    },
  ];
  if (layer === 'domain')
    patterns.push({ regex: '^(\\.\\./)+(node|app|config|cli)\\.js$', message: 'server/domain is pure.' });
  if (layer === 'upstreams')
    patterns.push({
      regex: '^(\\.\\./)+store/',
      allowTypeImports: true,
      message: 'Adapters never touch the store: routing (server/routing) hands them what they need.',
    });
  return {
    files: [`server/${layer}/**/*.ts`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
};

/**
 * The two sides of the desktop app meet only in common/: pure code and types (network prefixes,
 * money display, the preload API) that the node, the shell and the console all import. It
 * imports nothing from them, and the console imports nothing from the node or the shell.
 */
const sideRules = [
  {
    files: ['common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|renderer|main)/',
              message: 'common/ is shared by the node and the console: it imports from neither side.',
            },
            { regex: '^@/', message: 'common/ is shared by the node and the console: no renderer alias.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/src/**/*.{ts,vue}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|main)/',
              message:
                'The console imports nothing from the node or the desktop shell: shared code and types live in common/, the API types are generated into src/api/.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'renderer/dist', 'data', 'test-results', 'playwright-report', 'out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser }, globals: globals.browser },
  },
  {
    files: ['**/*.{ts,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    // Tests read arbitrary JSON responses; typing every envelope there adds noise, not safety.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...LAYERS.map(layerRule),
  ...sideRules,
  {
    // On Node 20 (V8 11.3) `{ ...a, b: 1 }` gives every object it makes a hidden class of its
    // own (2–6 µs each, and every later read of the object misses V8's caches): 11% of a
    // create's CPU when new purchases were built that way (README, performance). The node's
    // request and sending paths build such objects with Object.assign or spelled out.
    files: [
      'server/services/transactions.ts',
      'server/services/place-purchase.ts',
      'server/services/giftcards.ts',
      'server/services/esim.ts',
      'server/routing/**/*.ts',
      'server/upstreams/**/*.ts',
      'server/store/purchases.ts',
      'server/store/purchase-create.ts',
      'server/store/purchase-settle.ts',
      'server/store/purchase-lists.ts',
      'server/store/purchase-store.ts',
      'server/store/webhooks.ts',
      'server/store/webhook-deliveries.ts',
      'server/jobs/vend-*.ts',
      'server/jobs/webhook-*.ts',
      'server/http/access.ts',
      'server/http/v1/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ Property',
          message:
            'A spread followed by more properties makes a new hidden class per object on Node 20: use Object.assign({}, a, { … }) or spell the object out.',
        },
      ],
    },
  },
  prettier,
);
