import { describe, expect, it } from 'vitest';
import { compareShown, parseShown } from '../helpers/shown-json.js';

// The comparison behind tests/api/curl-examples.test.ts: what a shortened answer still holds to.
const diffs = (shown: string, actual: unknown) => compareShown(parseShown(shown), actual);

describe('a shown answer compared with a real one', () => {
  it('a complete object must have the same keys and values, masked keys only the same shape', () => {
    expect(
      diffs('{"a":1,"created_at":"2026-11-22 02:44:03"}', { a: 1, created_at: '2030-01-05 17:09:59' }),
    ).toEqual([]);
    expect(diffs('{"a":1}', { a: 2 })).toEqual(['$.a: shown 1, got 2']);
    expect(diffs('{"a":1}', { a: 1, b: 2 })).toEqual(['$.b: in the answer (2), not shown']);
    expect(diffs('{"a":1,"b":2}', { a: 1 })).toEqual(['$.b: shown, missing from the answer']);
    expect(
      diffs('{"created_at":"2026-11-22 02:44:03"}', { created_at: '2026-11-22T02:44:03Z' }),
    ).toHaveLength(1);
    expect(
      diffs('{"old_secret_expires_at":null}', { old_secret_expires_at: '2026-11-25T07:47:05.325Z' }),
    ).toHaveLength(1);
  });

  it('a text cut with "…" holds to what it shows, a cut string as a prefix', () => {
    const actual = { s: 'x', data: [{ id: 1, name: 'GOtv Jolli', price: '5800.00' }, { id: 2 }] };
    expect(diffs('{"s":"x","data":[{"id":1,"name":"GOtv Jolli","price":"580 …', actual)).toEqual([]);
    expect(diffs('{"s":"x","data":[{"id":1,"name":"GOtv Jolli","price":"590 …', actual)).not.toEqual([]);
    expect(diffs('{"s":"x","data":[{"id":1,"nam …', actual)).toEqual([]);
    expect(diffs('{"s":"y","data":[{"id":1,"nam …', actual)).toEqual(['$.s: shown "y", got "x"']);
  });

  it('"…" as an array element stands for any elements, the shown ones in order around it', () => {
    const actual = [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }];
    expect(diffs('[{"n":1},…,{"n":4}]', actual)).toEqual([]);
    expect(diffs('[{"n":1},…]', actual)).toEqual([]);
    expect(diffs('[…,{"n":3},…]', actual)).toEqual([]);
    expect(diffs('[{"n":1},…,{"n":3}]', actual)).not.toEqual([]);
    expect(diffs('[{"n":2},…]', actual)).not.toEqual([]);
    expect(diffs('[{"n":1},{"n":2}]', actual)).toEqual(['$: shown 2 elements, got 4']);
  });
});
