import { describe, expect, it } from 'vitest';
import { dayAfterProblem, emailProblem, newUserProblems } from '../../renderer/src/views/admin/validate.js';

describe('a day after the last one a page can use', () => {
  const reason = 'Only a day that has ended can be reconciled';
  it("is said in the console's words, naming the last day allowed", () => {
    expect(dayAfterProblem('2026-03-11', '2026-03-10', reason)).toBe(
      'Only a day that has ended can be reconciled: choose 10 Mar 2026 or earlier.',
    );
    expect(dayAfterProblem('2027-01-01', '2026-12-31', reason)).toMatch(/choose 31 Dec 2026 or earlier\.$/);
  });
  it('leaves the last day, earlier days and an empty field alone', () => {
    expect(dayAfterProblem('2026-03-10', '2026-03-10', reason)).toBeNull();
    expect(dayAfterProblem('2025-12-31', '2026-03-10', reason)).toBeNull();
    expect(dayAfterProblem('', '2026-03-10', reason)).toBeNull();
  });
});

describe('a new user, checked before it is sent', () => {
  const good = { username: 'desk-1', password: 'a long enough password', limit: '', environments: ['test'] };
  it('finds nothing wrong with a user the node accepts', () => {
    expect(newUserProblems(good)).toEqual({});
    expect(newUserProblems({ ...good, password: '0123456789', limit: '200,000' })).toEqual({});
  });
  it("holds the password to the node's 10 characters", () => {
    expect(newUserProblems({ ...good, password: 'short' })).toEqual({
      password: 'The password must be at least 10 characters long.',
    });
    expect(newUserProblems({ ...good, password: 'x'.repeat(201) }).password).toBe(
      'The password must be at most 200 characters long.',
    );
  });
  it('says every problem at once, one per field', () => {
    expect(newUserProblems({ username: 'a', password: 'short', limit: '1.555', environments: [] })).toEqual({
      username: 'The username must be 3 to 32 letters, digits, dots, dashes or underscores.',
      password: 'The password must be at least 10 characters long.',
      limit: 'An amount in Naira has at most two decimals (the kobo), e.g. 1250.50.',
      environments: 'Tick at least one environment the user may sell in.',
    });
    expect(newUserProblems({ ...good, username: 'has space', limit: 'lots' })).toEqual({
      username: 'The username must be 3 to 32 letters, digits, dots, dashes or underscores.',
      limit: 'The daily limit must be an amount in Naira, e.g. 200,000 (or empty for no limit).',
    });
  });
});

describe('a report recipient, checked before it is sent', () => {
  it("refuses an address at an IP address in the node's words, saying why", () => {
    for (const address of ['a@[127.0.0.1]', 'a@10.0.0.5', 'a@[IPv6:::1]']) {
      const said = emailProblem(address) ?? '';
      expect(
        said.startsWith(`"${address}" is not an address the node sends to: its domain is an IP address,`),
      ).toBe(true);
      expect(said.endsWith('use an address at a domain name.')).toBe(true);
    }
  });
  it('takes an address at a domain name, digits in it or not', () => {
    expect(emailProblem('ops@shop.ng')).toBeNull();
    expect(emailProblem('ops@123.example.ng')).toBeNull();
    expect(emailProblem('nobody')).toBe('"nobody" is not an e-mail address.');
  });
});
