import { Option, type Command } from 'commander';
import type { CliServices } from './services.js';
import { assertOneLineText } from '../domain/text-hygiene.js';
import { InvalidInput } from '../domain/errors.js';
import { textLength, tooLongWords, tooManyWords } from '../../common/input-limits.js';
import { diskFullMessage, isDiskFull } from '../store/disk-full.js';
import { DATA_DIR_WRITE_HINT, cannotWriteDataDir } from '../store/write-hint.js';

/** What cli.ts lends the command groups it registers from this folder: the node's services, the output, the actor. */
export interface CliTools {
  /** For commands that set a node up: a missing data directory is created (and said to be new). */
  withServices<T>(command: (s: CliServices) => T | Promise<T>): Promise<T>;
  /** For commands that read or act on what a node holds: a directory without a database is refused. */
  withExistingServices<T>(command: (s: CliServices) => T | Promise<T>): Promise<T>;
  /** The data directory given (--data-dir), for the commands that open it their own way. */
  dataDir(): string;
  out(json: unknown, human: string): void;
  /** Whether --json was given: stdout then holds the one JSON object, so a note goes to stderr. */
  json(): boolean;
  actor: string;
}

/** `--smtp-url`: a password in it would show in `ps` and the shell history. */
export const SMTP_URL_HELP =
  'SMTP server for the e-mails; a URL with a password belongs in VENDPOINT_SMTP_URL instead (a command line shows in ps and the shell history)';

/** The SMTP server a command sends through: its --smtp-url, else VENDPOINT_SMTP_URL, else the saved one. */
export const smtpUrlOf = (flag: string | undefined): string | null =>
  flag ?? process.env.VENDPOINT_SMTP_URL ?? null;

/**
 * Where the SMTP URL a command uses came from, named as the operator gave it: its flag, the
 * environment variable, or none (the console's saved setting, which the node's words name).
 */
export const smtpUrlGivenAs = (flag: string | undefined): string | null =>
  flag !== undefined
    ? '--smtp-url'
    : process.env.VENDPOINT_SMTP_URL !== undefined
      ? 'VENDPOINT_SMTP_URL'
      : null;

/**
 * The flag an operator typed for a field the node's refusals name in the console's words
 * (`run_time`, `base URL`). With `said`, the words it matches become the flag ("run_time must
 * be…" reads "--time must be…") and a refusal without them is left as it is; without `said`,
 * the refusal is put after the flag ("--email: "x" is not an e-mail address").
 */
export interface FlagFor {
  field: string;
  flag: string;
  said?: RegExp;
}

/** A refusal of a `field` the command took from a flag, in the words of that flag. */
export function inFlagWords(err: unknown, flags: readonly FlagFor[]): unknown {
  if (!(err instanceof InvalidInput) || err.message.startsWith('--')) return err;
  const f = flags.find((x) => x.field === err.field);
  if (!f) return err;
  if (!f.said) return new InvalidInput(`${f.flag}: ${err.message}`, f.flag);
  return f.said.test(err.message) ? new InvalidInput(err.message.replace(f.said, f.flag), f.flag) : err;
}

/** `--date YYYY-MM-DD`, which the node's day parser calls date. */
export const DATE_FLAG: FlagFor = { field: 'date', flag: '--date', said: /^date\b/ };

/** `--reason TEXT`, which the node's words call reason (too long, control characters). */
export const REASON_FLAG: FlagFor = { field: 'reason', flag: '--reason', said: /^reason\b/ };

/** The SMTP URL, named as it was given (`smtpUrlGivenAs`); nothing when the saved setting applies. */
export const smtpUrlFlag = (given: string | undefined): FlagFor[] => {
  const as = smtpUrlGivenAs(given);
  return as ? [{ field: 'smtp_url', flag: as, said: /^smtp_url\b/ }] : [];
};

/** Runs a command's work; what it refuses names the flags the operator typed (`inFlagWords`). */
export async function withFlagWords<T>(flags: readonly FlagFor[], work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw inFlagWords(err, flags);
  }
}

/**
 * `--code C` naming a merchant that exists: trimmed and upper-cased, as `merchant create` and the
 * console's New merchant take a new one (a code is capitals, so shop1 can only mean SHOP1).
 */
export const merchantCodeFlag = (v: string) => v.trim().toUpperCase();

/** `--env test|live`: which of a merchant's two environments a command acts on. */
export const envOption = () => new Option('--env <env>', 'test or live').choices(['test', 'live']);

/** A flag whose value is stored: refused, with the API's words, when it holds a control character. */
export const oneLine = (flag: string) => (v: string) => assertOneLineText(v, flag);

/**
 * A flag value the console's form takes with a length limit (common/input-limits.ts): a longer
 * one is refused in the console's words, naming the flag, before anything is opened.
 */
export function assertFlagLength(value: string, flag: string, max: number): string {
  if (textLength(value) > max) throw new InvalidInput(tooLongWords(flag, max), flag);
  return value;
}

/** A list flag with more entries than the console's form takes is refused in its words too. */
export function assertFlagEntries<T>(list: T[], flag: string, max: number): T[] {
  if (list.length > max) throw new InvalidInput(tooManyWords(flag, max), flag);
  return list;
}

/** A flag limited in length, as its console field is. */
export const limited = (flag: string, max: number) => (v: string) => assertFlagLength(v, flag, max);

/** A stored one-line flag limited in length: the length is checked first, as the console's schema does. */
export const limitedOneLine = (flag: string, max: number) => (v: string) =>
  assertOneLineText(assertFlagLength(v, flag, max), flag);

/**
 * A repeatable flag (each use adds an entry): each entry limited in length (and refused with a
 * control character when `oneLine`), and no more of them than the console's list takes.
 */
export const collectLimited =
  (flag: string, limits: { each: number; most: number; oneLine: boolean }) => (v: string, prev: string[]) =>
    assertFlagEntries(
      [...prev, (limits.oneLine ? limitedOneLine : limited)(flag, limits.each)(v)],
      flag,
      limits.most,
    );

/**
 * A refusal's words: a full disk as the API says it (not SQLite's "database or disk is full"),
 * and a data directory it cannot write with the node's hint.
 */
export function cliErrorMessage(err: unknown): string {
  if (isDiskFull(err)) return diskFullMessage("The data directory's");
  const message = err instanceof Error ? err.message : String(err);
  // The node's hint, in the one line (or {"error"}) the CLI answers with.
  return cannotWriteDataDir(err) ? `${message}. ${DATA_DIR_WRITE_HINT}` : message;
}

const orList = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');

/**
 * A command group run without its command (`ledger`) says so in an error line before its help;
 * commander printed the help alone, which reads like an answer. A word that is none of its
 * commands is refused as commander would.
 */
export function sayCommandNeeded(group: Command): void {
  group
    .helpCommand(true)
    .allowExcessArguments()
    .action(() => {
      const names = group.commands.map((c) => c.name());
      const word = group.args[0];
      if (word !== undefined)
        group.error(
          `error: unknown command '${word}' (${group.parent ? group.name() : 'the CLI'} has ${orList(names)})`,
          {
            code: 'commander.unknownCommand',
          },
        );
      group.error(
        group.parent
          ? `error: ${group.name()} needs a command: ${orList(names)}`
          : 'error: a command is needed: the help below lists them',
        { code: 'commander.commandNeeded' },
      );
    });
}
