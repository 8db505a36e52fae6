import { defineConfig } from 'vitest/config';

// Two projects: fast pure unit tests, and API tests that start real nodes on 127.0.0.1.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A few unit tests run a worker against a receiver on 127.0.0.1 and wait with
          // eventually() (10 s): vitest's 5-s default ran out first on a loaded machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
