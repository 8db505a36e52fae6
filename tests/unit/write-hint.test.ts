import { describe, expect, it } from 'vitest';
import { cannotWriteDataDir } from '../../server/store/write-hint.js';

const err = (code: string, syscall?: string) => Object.assign(new Error(code), { code, syscall });

describe('which failures get the "must be able to write its data directory" hint', () => {
  it.each([
    [err('EACCES', 'open'), true],
    [err('EPERM', 'chmod'), true],
    [err('EROFS', 'open'), true],
    [err('ENOENT', 'mkdir'), true], // a directory that cannot be made
    [err('SQLITE_READONLY'), true],
    [err('SQLITE_READONLY_DBMOVED'), true],
    [err('SQLITE_CANTOPEN'), true],
    [err('EACCES', 'listen'), false], // a port below 1024, not the data directory
    [err('EADDRINUSE', 'listen'), false],
    [err('ENOENT', 'open'), false],
    [new Error('no code'), false],
    [null, false],
  ])('%s → %s', (e, hinted) => {
    expect(cannotWriteDataDir(e)).toBe(hinted);
  });
});
