import { Option, type Command } from 'commander';
import { readFileSync } from 'node:fs';
import type { Db } from '../store/db.js';
import { listConsoleUsers } from '../store/console-users.js';
import { listMerchants } from '../store/merchants.js';
import {
  addConsoleUser,
  consoleUserView,
  moveConsoleUser,
  resetConsoleUserPassword,
  unlockConsoleUser,
} from '../services/console-users.js';
import { newConsolePassword } from '../services/console-auth.js';
import { InvalidInput } from '../domain/errors.js';
import {
  isUsername,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_RULE_WORDS,
} from '../../common/console-user-rules.js';
import { merchantCodeFlag, type CliTools } from './tools.js';
import { MERCHANT_LIMITS } from '../../common/input-limits.js';
import { assertFlagLength } from './tools.js';

/** `--username`: the console's rule for a username (no user can have a name outside it). */
const usernameFlag = (v: string) => {
  if (!isUsername(v)) throw new InvalidInput(`--username must be ${USERNAME_RULE_WORDS}`, '--username');
  return v.trim();
};

const PASSWORD_STDIN_HELP =
  "read the password from standard input (its first line), e.g. `< file` or a password manager's pipe; without it a strong password is made and shown once";

/**
 * The password a command sets: its first line on standard input with --password-stdin, so it
 * never sits on a command line (ps, the shell history); otherwise a new one, printed once. A
 * terminal is refused: what is typed there shows on the screen.
 */
function passwordOf(fromStdin: boolean | undefined): { password: string; made: boolean } {
  if (!fromStdin) return { password: newConsolePassword(), made: true };
  if (process.stdin.isTTY)
    throw new InvalidInput(
      '--password-stdin reads the password from a pipe or a file (`< file`), not from the terminal, where it would show as it is typed; leave the flag out to have one made',
      '--password-stdin',
    );
  const password = readFileSync(0, 'utf8').split(/\r?\n/)[0];
  if (password.length < PASSWORD_MIN)
    throw new InvalidInput(
      `the password on standard input must be at least ${PASSWORD_MIN} characters long`,
      '--password-stdin',
    );
  if (password.length > PASSWORD_MAX)
    throw new InvalidInput(
      `the password on standard input must be at most ${PASSWORD_MAX} characters long`,
      '--password-stdin',
    );
  return { password, made: false };
}

/**
 * A new user's merchant when --code is left out, as the console's Add user starts on the signed-in
 * admin's merchant: the first admin's, or the only merchant of a node with no admin yet.
 */
function defaultMerchantCode(db: Db): string {
  const admin = firstActiveAdmin(db);
  const merchants = listMerchants(db);
  const code = admin ? merchants.find((m) => m.id === admin.merchantId)?.code : undefined;
  if (code) return code;
  if (merchants.length === 1) return merchants[0].code;
  throw new InvalidInput('name the merchant the user acts for with --code', '--code');
}

const firstActiveAdmin = (db: Db) => listConsoleUsers(db).find((u) => u.role === 'admin' && u.active);

/** Prints an answer; a password the CLI made is added to it, shown this once. */
function outWithPassword(cli: CliTools, json: object, words: string, p: { password: string; made: boolean }) {
  if (!p.made) return cli.out(json, words);
  cli.out(
    { ...json, password: p.password },
    `${words}\n  password ${p.password}\nShown once: give it to the user, who signs in with it (an admin may change it on the Users page).`,
  );
}

/**
 * `user list|add|move|reset-password|unlock`: console users for an operator with no admin left to
 * sign in (a forgotten password, a locked sign-in). Each calls the service function the console's
 * Users page calls; a running node applies each change at once (sessions and the unlock stamp are
 * read from the database).
 */
export function registerUserCommands(program: Command, cli: CliTools): void {
  const user = program
    .command('user')
    .description(
      'console users: list, add, move to another merchant, reset a password, unlock a sign-in (a running node applies it at once)',
    );

  user
    .command('list')
    .description(
      'console users: role, merchant, active or deactivated, where they sell, created (never a password)',
    )
    .action(() =>
      cli.withExistingServices(({ db }) => {
        const users = listConsoleUsers(db).map((u) => consoleUserView(db, u));
        cli.out(
          { users },
          users.length
            ? users
                .map(
                  (u) =>
                    `${u.username.padEnd(20)} ${u.role.padEnd(6)} ${u.merchant_code.padEnd(12)} ${(u.active ? 'active' : 'deactivated').padEnd(12)} ${u.environments.join('+').padEnd(10)} created ${u.created_at}`,
                )
                .join('\n')
            : 'No console users yet: the console asks for the first admin, or use user add.',
        );
      }),
    );

  user
    .command('add')
    .description('a new console user, audited; the password is made and shown once unless --password-stdin')
    .requiredOption('--username <name>', USERNAME_RULE_WORDS, usernameFlag)
    .addOption(
      new Option('--role <role>', 'admin runs the node; agent sells')
        .choices(['admin', 'agent'])
        .makeOptionMandatory(),
    )
    .option(
      '--code <code>',
      "the merchant the user acts for (default: the first admin's, or the only merchant)",
      (v: string) => merchantCodeFlag(assertFlagLength(v, '--code', MERCHANT_LIMITS.code)),
    )
    .option('--password-stdin', PASSWORD_STDIN_HELP)
    .action((o: { username: string; role: 'admin' | 'agent'; code?: string; passwordStdin?: boolean }) => {
      const given = passwordOf(o.passwordStdin);
      return cli.withServices(async (s) => {
        if (o.role === 'agent' && !firstActiveAdmin(s.db))
          // The first user also ends the console's first-run setup: an agent first would leave a
          // console nobody can administer.
          throw new InvalidInput(
            "this node has no active admin yet: add one first with --role admin (or through the console's first-run setup)",
            '--role',
          );
        const created = await addConsoleUser(
          s,
          {
            username: o.username,
            password: given.password,
            role: o.role,
            merchantCode: o.code ?? defaultMerchantCode(s.db),
          },
          cli.actor,
        );
        const view = consoleUserView(s.db, created);
        outWithPassword(
          cli,
          view,
          `User ${view.username} (${view.role}, ${view.merchant_code}) added; sells in ${view.environments.join(' and ')}.`,
          given,
        );
      });
    });

  user
    .command('move')
    .description(
      "moves a user to another merchant, audited: its sales from now on are paid from that merchant's wallet, past ones stay with theirs, and its sessions end",
    )
    .requiredOption('--username <name>', 'the user', usernameFlag)
    .requiredOption('--code <code>', 'the merchant the user sells for from now on', (v: string) =>
      merchantCodeFlag(assertFlagLength(v, '--code', MERCHANT_LIMITS.code)),
    )
    .action((o: { username: string; code: string }) =>
      cli.withExistingServices((s) => {
        const r = moveConsoleUser(s, o.username, o.code, cli.actor);
        const view = consoleUserView(s.db, r.user);
        const { id, username, role, merchant_code, ...rest } = view;
        const sessions = `${r.sessionsEnded} open session${r.sessionsEnded === 1 ? '' : 's'} ended`;
        cli.out(
          {
            id,
            username,
            role,
            merchant_code,
            previous_merchant_code: r.previousMerchantCode,
            sessions_ended: r.sessionsEnded,
            ...rest,
          },
          merchant_code === r.previousMerchantCode
            ? `${username} already sells for ${merchant_code}; nothing changed.`
            : `${username} now sells for ${merchant_code}: sales from now on are paid from its wallet; past sales stay with ${r.previousMerchantCode}. ${sessions}; the next sign-in sells for ${merchant_code}.`,
        );
      }),
    );

  user
    .command('reset-password')
    .description(
      "a new password, audited: the old one stops working, the user's sessions end and a sign-in lock is lifted",
    )
    .requiredOption('--username <name>', 'the user', usernameFlag)
    .option('--password-stdin', PASSWORD_STDIN_HELP)
    .action((o: { username: string; passwordStdin?: boolean }) => {
      const given = passwordOf(o.passwordStdin);
      return cli.withExistingServices(async (s) => {
        const r = await resetConsoleUserPassword(s, o.username, given.password, cli.actor);
        outWithPassword(
          cli,
          { username: r.user.username, sessions_ended: r.sessionsEnded },
          `New password for ${r.user.username}; ${r.sessionsEnded} open session${r.sessionsEnded === 1 ? '' : 's'} ended.`,
          given,
        );
      });
    });

  user
    .command('unlock')
    .description(
      'lets a user locked out by failed sign-ins try again at once, on a running node too; audited',
    )
    .requiredOption('--username <name>', 'the user', usernameFlag)
    .action((o: { username: string }) =>
      cli.withExistingServices((s) => {
        const r = unlockConsoleUser(s, o.username, cli.actor);
        cli.out(
          { username: r.username, unlocked_at: new Date(r.unlockedAt).toISOString() },
          `${r.username} may sign in again now; earlier failed attempts no longer count.`,
        );
      }),
    );
}
