import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from './test-node.js';
import type { CurlResult, CurlShell } from './curl-run.js';
import type { DocBlock, DocExample } from './doc-examples.js';
import { compareShown, parseShown, type Shown } from './shown-json.js';
import type { WebhookReceiver } from './webhook-receiver.js';

export interface ExampleContext {
  /** The document's name, for messages (`docs/curl-examples.md:137: …`). */
  doc: string;
  shell: CurlShell;
  /** Replaces the document's placeholders (credentials, ports) in commands and answers. */
  substitute(text: string): string;
  /** Stands in for a receiver the document starts itself; its printout is checked against it. */
  receiver?: WebhookReceiver;
  /**
   * Until when a GET whose answer does not match yet is asked again (the document polls the
   * status call the same way): one window for the whole run, so a document that no longer
   * matches fails in seconds rather than waiting at every GET.
   */
  pollUntil: number;
}

const WRITES_FILE = /\s-o\s+(?!\/dev\/null)(\S+)/;
const OWN_WRITE_OUT = /\s(-w|--write-out)\s/;
const SENDS_OR_CHANGES = /\s(-d|--data\S*|-X|--request)\s/;
const LEFT_PLACEHOLDER = /<[A-Z_]+>|…/;
const HEX = /[0-9a-fA-F]/g;

/**
 * Runs one example's commands in order and returns every way the answers differ from what the
 * document shows beneath them, each naming the document's line.
 */
export async function checkExample(ex: DocExample, ctx: ExampleContext): Promise<string[]> {
  const at = (line: number) => `${ctx.doc}:${line}`;
  const problems: string[] = [];
  const commands = ex.commands.filter((c) => !isDocReceiver(c.text));
  for (const c of ex.commands.filter((c) => isDocReceiver(c.text)))
    if (!ctx.receiver)
      problems.push(`${at(c.line)}: the document starts a receiver here, and this run has none`);
  const shownLines = (ex.answer?.lines ?? []).filter((l) => l.text.trim() !== '');
  const printing = commands.filter((c) => !writesFile(c.text));
  if (printing.length !== shownLines.length) {
    problems.push(
      `${at(ex.line)}: ${printing.length} commands print an answer, the document shows ${shownLines.length} lines`,
    );
    return problems;
  }
  let next = 0;
  for (const c of commands) {
    const command = ctx.substitute(c.text);
    if (!command.startsWith('curl ')) {
      problems.push(`${at(c.line)}: not a curl command: ${c.text}`);
      continue;
    }
    if (LEFT_PLACEHOLDER.test(command)) {
      problems.push(`${at(c.line)}: a placeholder the test does not know is left in: ${command}`);
      continue;
    }
    const file = WRITES_FILE.exec(command)?.[1];
    if (file && !OWN_WRITE_OUT.test(command)) {
      problems.push(...(await checkFileAnswer(ctx.shell, command, file)).map((p) => `${at(c.line)}: ${p}`));
      continue;
    }
    const shown = shownLines[next++]!;
    const stated = ex.commands.length === 1 ? ex.statedStatus : null;
    const lang = ex.answer!.lang;
    const compare = (r: CurlResult) => compareAnswer(lang, ctx.substitute(shown.text), stated, r);
    let result = await ctx.shell.run(command);
    let diffs = compare(result);
    if (diffs.length > 0 && !SENDS_OR_CHANGES.test(command)) {
      result = await eventually(
        () => ctx.shell.run(command),
        (r) => compare(r).length === 0,
        Math.max(0, ctx.pollUntil - Date.now()),
      );
      diffs = compare(result);
    }
    if (diffs.length > 0)
      problems.push(
        `${at(c.line)} (answer shown at line ${shown.line}) differs:\n    ${diffs.join('\n    ')}\n    got: ${result.stdout.slice(0, 600)}`,
      );
  }
  for (const block of ex.after)
    problems.push(...(await checkReceived(block, ctx)).map((p) => `${at(block.line)}: ${p}`));
  return problems;
}

const isDocReceiver = (text: string) => text.startsWith('node -e') && text.includes('createServer');

const writesFile = (text: string) => WRITES_FILE.test(text) && !OWN_WRITE_OUT.test(text);

function compareAnswer(lang: string, shownText: string, stated: number | null, r: CurlResult): string[] {
  if (r.exitCode !== 0) return [`curl exited with ${r.exitCode}`];
  if (lang !== 'json')
    return r.stdout.trimEnd() === shownText.trimEnd() ? [] : [`shown ${JSON.stringify(shownText)}`];
  let shown: Shown;
  try {
    shown = parseShown(shownText);
  } catch (e) {
    return [`the shown answer is not readable: ${(e as Error).message}`];
  }
  let actual: unknown;
  try {
    actual = JSON.parse(r.stdout);
  } catch {
    return ['the answer is not JSON'];
  }
  const diffs = compareShown(shown, actual);
  const status = r.answers[0]?.status;
  const expected = stated ?? errorCode(shown);
  if (expected !== null && status !== expected) diffs.push(`HTTP ${status}, the document says ${expected}`);
  if (expected === null && !(status && status >= 200 && status < 300))
    diffs.push(`HTTP ${status}, the document shows a success`);
  return diffs;
}

/** An error answer's `code` is its HTTP status (the document's Errors section says so). */
function errorCode(shown: Shown): number | null {
  if (shown.kind !== 'object') return null;
  const field = (k: string) => shown.entries.find(([key]) => key === k)?.[1];
  const status = field('status');
  const code = field('code');
  if (
    status?.kind === 'value' &&
    status.value === 'error' &&
    code?.kind === 'value' &&
    typeof code.value === 'number'
  )
    return code.value;
  return null;
}

/**
 * Runs commands the document shows no answer for (README's), in one bash with the lines before
 * them that are not curl (`H=(…)`): each must answer HTTP 2xx with JSON that is not an error.
 */
export async function checkRunsCleanly(
  ex: DocExample,
  ctx: Pick<ExampleContext, 'doc' | 'shell' | 'substitute'> & {
    env: Record<string, string>;
    preamble: string[];
  },
): Promise<string[]> {
  const problems: string[] = [];
  for (const c of ex.commands) {
    const command = ctx.substitute(c.text);
    if (!command.startsWith('curl ')) {
      ctx.preamble.push(command);
      continue;
    }
    const at = `${ctx.doc}:${c.line}`;
    const script = [...ctx.preamble, command].join('\n');
    const file = WRITES_FILE.exec(command)?.[1];
    if (file) {
      problems.push(...(await checkFileAnswer(ctx.shell, script, file, ctx.env)).map((p) => `${at}: ${p}`));
      continue;
    }
    const r = await ctx.shell.run(script, { shell: 'bash', env: ctx.env });
    const status = r.answers[0]?.status ?? 0;
    let body: { status?: unknown } | null = null;
    try {
      body = JSON.parse(r.stdout) as { status?: unknown };
    } catch {
      body = null;
    }
    if (r.exitCode !== 0 || status < 200 || status >= 300 || !body || body.status === 'error')
      problems.push(`${at}: curl exited ${r.exitCode}, HTTP ${status}: ${r.stdout.slice(0, 300)}`);
  }
  return problems;
}

/** A command saving its answer to a file (the eSIM QR): HTTP 200 and, for `.png`, a PNG. */
async function checkFileAnswer(
  shell: CurlShell,
  command: string,
  file: string,
  env?: Record<string, string>,
): Promise<string[]> {
  // A file left by an earlier command must not pass for this one's.
  rmSync(join(shell.dir, file), { force: true });
  const r = await shell.run(command, env ? { shell: 'bash', env } : {});
  if (r.exitCode !== 0) return [`curl exited with ${r.exitCode}`];
  const problems: string[] = [];
  const answer = r.answers[0];
  if (answer?.status !== 200) problems.push(`HTTP ${answer?.status} saving ${file}, expected 200`);
  if (file.endsWith('.png')) {
    if (answer?.contentType !== 'image/png')
      problems.push(`content type ${answer?.contentType}, expected image/png`);
    const bytes = readFileSync(join(shell.dir, file));
    if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
      problems.push(`${file} is not a PNG`);
  }
  return problems;
}

/** The document's receiver printout: `METHOD path`, the signature header, the raw body. */
async function checkReceived(block: DocBlock, ctx: ExampleContext): Promise<string[]> {
  const rx = ctx.receiver;
  const [request, signature, body] = block.lines.map((l) => ctx.substitute(l.text));
  if (!rx || !request?.startsWith('POST ') || block.lines.length !== 3)
    return ['a block after the answer that the test does not know (expected a receiver printout)'];
  const got = await eventually(
    async () => rx.received[0],
    (h) => h !== undefined,
  );
  if (!got) return ['the receiver got nothing'];
  const problems: string[] = [];
  if (`${got.method} ${got.url}` !== request)
    problems.push(`receiver got ${got.method} ${got.url}, shown ${request}`);
  const header = `vendpoint-signature: ${String(got.headers['vendpoint-signature'])}`;
  if (header.replace(HEX, '#') !== signature!.replace(HEX, '#'))
    problems.push(`receiver got ${header}, shown ${signature}`);
  problems.push(...compareShown(parseShown(body!), JSON.parse(got.body)).map((d) => `receiver body: ${d}`));
  return problems;
}
