import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES, generateConsoleApiTypes } from '../../scripts/gen-api-types.js';

/**
 * The renderer's console API types are generated from the node's response schemas: a schema
 * changed without `npm run gen:api-types` leaves the committed file stale, and this fails.
 */
describe('generated console API types', () => {
  it('the committed renderer/src/api/console-api.generated.ts equals what the current schemas generate', async () => {
    const committed = readFileSync(GENERATED_TYPES, 'utf8');
    const fresh = await generateConsoleApiTypes();
    expect(committed === fresh, 'stale: run `npm run gen:api-types` and commit the result').toBe(true);
  }, 60_000);
});
