import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../common/console-user-rules.js';
import { parseNewPassword, parseUsername } from '../../server/services/console-auth.js';
import { newUserProblems } from '../../renderer/src/views/admin/validate.js';

/** The node's message, as the console says it: a capital first and a full stop. */
const consoleWords = (nodeMessage: string) => `${nodeMessage[0].toUpperCase()}${nodeMessage.slice(1)}.`;

function nodeSays(call: () => unknown): string | null {
  try {
    call();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

const form = (username: string, password: string) =>
  newUserProblems({ username, password, limit: '', environments: ['test'] });

/** One rule for console users (common/console-user-rules.ts): the node refuses what the console says, in the same words. */
describe('console user rules', () => {
  it.each([
    'admin',
    ' ada.o-b_1 ',
    'abc',
    'a'.repeat(32),
    'ab',
    'a'.repeat(33),
    'ada lovelace',
    'ada@shop',
    '',
  ])('username %j', (username) => {
    const node = nodeSays(() => parseUsername(username));
    const said = form(username, 'x'.repeat(PASSWORD_MIN)).username ?? null;
    expect(said).toBe(node && consoleWords(node));
  });

  it.each([0, 1, PASSWORD_MIN - 1, PASSWORD_MIN, 50, PASSWORD_MAX, PASSWORD_MAX + 1])(
    'a password of %i characters',
    (length) => {
      const password = 'p'.repeat(length);
      const node = nodeSays(() => parseNewPassword(password));
      const said = form('admin', password).password ?? null;
      expect(said).toBe(node && consoleWords(node));
    },
  );

  it('says the bounds the node checks', () => {
    expect(nodeSays(() => parseNewPassword('short'))).toBe(
      'the password must be at least 10 characters long',
    );
    expect(nodeSays(() => parseNewPassword('p'.repeat(201)))).toBe(
      'the password must be at most 200 characters long',
    );
    expect(nodeSays(() => parseUsername('ab'))).toBe(
      'the username must be 3 to 32 letters, digits, dots, dashes or underscores',
    );
  });
});
