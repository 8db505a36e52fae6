import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASELINE, recordAnswers } from '../golden/record-answers.js';

/**
 * A fixed script of requests over every surface answers exactly as recorded in
 * tests/golden/answers.jsonl: a refactor changes no answer unless that file changes with it
 * (`npx tsx tests/golden/record-answers.ts` rewrites it).
 */
describe('recorded answers', () => {
  it('every answer of the fixed request script equals the committed baseline', async () => {
    const expected = readFileSync(BASELINE, 'utf8').trimEnd().split('\n');
    const actual = await recordAnswers();
    const label = (line: string) => (JSON.parse(line) as { label: string }).label;
    expect(actual.map(label)).toEqual(expected.map(label));
    for (let i = 0; i < expected.length; i += 1) expect(actual[i], label(expected[i]!)).toBe(expected[i]);
  }, 60_000);
});
