import { Command, CommanderError, Help, Option } from 'commander';
import { formatKobo } from '../common/money-display.js';
import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { openStore } from './store/bootstrap.js';
import { catalogDir } from './store/catalog.js';
import { resourcesDir } from './resources.js';
import {
  createMerchant,
  listMerchants,
  merchantJson,
  requireMerchant,
  rotateCredentials,
  updateMerchant,
} from './store/merchants.js';
import { fundWallet, verifyLedger } from './store/wallets.js';
import { addUpstream, listRoutes, listUpstreams, upstreamJson } from './store/upstreams.js';
import { SecretBox } from './store/secret-box.js';
import { resolvePurchaseManually } from './store/resolve.js';
import { findSale } from './store/find-sale.js';
import { backupNow } from './services/admin-backup.js';
import { getPurchaseByReference } from './store/purchases.js';
import { parseNaira, formatNaira } from './domain/money.js';
import { parseAllowEntry } from './http/access.js';
import { BILL_PRODUCTS } from './domain/networks.js';
import { Conflict, DomainError, InvalidInput } from './domain/errors.js';
import { assertOneLineText } from './domain/text-hygiene.js';
import { DEFAULTS } from './config.js';
import { purchaseJson } from './services/purchase-json.js';
import { reverseSale } from './services/reversals.js';
import { PurchaseStore } from './store/purchase-store.js';
import { CommitBatcher } from './store/commit-batcher.js';
import { runReportsCommand } from './reports/cli-command.js';
import type { Db } from './store/db.js';
import { registerWebhookCommands } from './webhooks-cli.js';
import { registerReconcileCommands } from './reconcile-cli.js';
import { envOption, type CliTools } from './cli-tools.js';
import { reverseSaleWith } from './services/reconciliation-reversal.js';
import { testKeyWarning } from './services/admin-upstreams.js';

/** The operator CLI (DESIGN "Operator CLI contract"). `--json` prints exactly one JSON object. */
const program = new Command('vendpoint');
program
  .showHelpAfterError()
  // A usage error (unknown flag, missing option) is thrown, not exited on, so it gets the exit
  // code and the --json answer every other refusal gets: exit 1 means "not ok" for ledger verify
  // and "exceptions open" for reconcile run, and a typo must not read as either.
  .exitOverride()
  .configureHelp({
    showGlobalOptions: true,
    // Help marks what must be given: commander's own help lists required flags like optional ones.
    optionDescription(this: Help, option: Option): string {
      const text = Help.prototype.optionDescription.call(this, option);
      return option.mandatory ? `${text} (required)`.trim() : text;
    },
  })
  .option('--data-dir <dir>', 'data directory', process.env.VENDPOINT_DATA_DIR ?? DEFAULTS.dataDir)
  .option('--json', 'print one JSON object');

const ACTOR = `cli:${process.env.USER ?? 'operator'}`;
const collect = (v: string, prev: string[]) => [...prev, v];
/** A flag whose value is stored: refused, with the API's words, when it holds a control character. */
const oneLine = (flag: string) => (v: string) => assertOneLineText(v, flag);
/** A secret flag: `-` reads it from standard input (its first line), so it never sits on a command line. */
const secretFlag = (flag: string) => (v: string) => {
  if (v !== '-') return assertOneLineText(v, flag);
  const line = readFileSync(0, 'utf8').split(/\r?\n/)[0];
  if (!line) throw new InvalidInput(`${flag} -: standard input held no secret`, flag);
  return assertOneLineText(line, flag);
};
const collectOneLine = (flag: string) => (v: string, prev: string[]) => [...prev, assertOneLineText(v, flag)];

/**
 * Opens (and on first use creates) the data directory. What that creation printed on a node's
 * first start, the DEMO test pair, goes to stderr here, --json or not: stdout stays one object,
 * and the secret is shown this once.
 */
function openForCli(): { db: Db; dataDir: string } {
  const dataDir = resolve(program.opts().dataDir as string);
  const { db, demo, fixedModes } = openStore(dataDir, catalogDir(resourcesDir()));
  if (fixedModes.length)
    console.error(`data directory was readable by other users; now private: ${fixedModes.join('; ')}`);
  if (demo) {
    console.error(
      `Initialised ${dataDir}: DEMO merchant created (test key ${demo.test.key}, secret ${demo.test.secret})`,
    );
  }
  return { db, dataDir };
}

function withStore<T>(fn: (db: Db, dataDir: string) => T): T {
  const { db, dataDir } = openForCli();
  try {
    return fn(db, dataDir);
  } finally {
    db.close();
  }
}

async function withStoreAsync<T>(fn: (db: Db, dataDir: string) => Promise<T>): Promise<T> {
  const { db, dataDir } = openForCli();
  try {
    return await fn(db, dataDir);
  } finally {
    db.close();
  }
}

function out(json: unknown, human: string): void {
  if (program.opts().json) process.stdout.write(`${JSON.stringify(json)}\n`);
  else console.log(human);
}

const env = () => envOption().makeOptionMandatory();

/** A merchant's name is printed on receipts and reports: never empty. */
const merchantName = (v: string) => {
  const name = assertOneLineText(v, '--name').trim();
  if (!name) throw new InvalidInput('--name: the merchant needs a name', 'name');
  return name;
};

const merchant = program.command('merchant').description('merchant profiles');
merchant
  .command('create')
  .requiredOption('--code <code>', '2-20 capital letters, digits or _')
  .requiredOption('--name <name>', 'display name', merchantName)
  .action((o: { code: string; name: string }) =>
    withStore((db) => {
      if (!/^[A-Z0-9_]{2,20}$/.test(o.code))
        throw new InvalidInput('--code: 2-20 capital letters, digits or _', 'code');
      const r = createMerchant(db, { code: o.code, name: o.name }, ACTOR);
      out(
        { merchant_code: r.merchant.code, merchant_id: r.merchant.id, test: r.test, live: r.live },
        `Merchant ${r.merchant.code} (#${r.merchant.id}) created. Secrets are shown once:\n  test key ${r.test.key}\n  test secret ${r.test.secret}\n  live key ${r.live.key}\n  live secret ${r.live.secret}`,
      );
    }),
  );
merchant
  .command('update')
  .requiredOption('--code <code>')
  .option('--name <name>', 'display name', merchantName)
  .option(
    '--allow-ip <ipOrCidr>',
    "live IP allowlist entry (repeatable; replaces the list; --allow-ip '' clears it)",
    collect,
    [],
  )
  .option('--enable-bills <products>', 'bill products enabled for live, e.g. ELECTRICITY,CABLE')
  .option(
    '--report-email <addr>',
    "report recipient (repeatable; replaces the list; --report-email '' clears it)",
    collectOneLine('--report-email'),
    [],
  )
  .addOption(new Option('--status <status>').choices(['active', 'suspended']))
  .action(
    (o: {
      code: string;
      name?: string;
      allowIp: string[];
      enableBills?: string;
      reportEmail: string[];
      status?: 'active' | 'suspended';
    }) =>
      withStore((db) => {
        // Given at all, the flag replaces the list; empty values alone clear it.
        const allowIps = o.allowIp.length ? o.allowIp.filter((v) => v.trim()) : undefined;
        const reportEmails = o.reportEmail.length ? o.reportEmail.filter((v) => v.trim()) : undefined;
        allowIps?.forEach(parseAllowEntry);
        const bills =
          o.enableBills === undefined
            ? undefined
            : o.enableBills
                .split(',')
                .map((b) => b.trim().toUpperCase())
                .filter(Boolean);
        for (const b of bills ?? [])
          if (!(BILL_PRODUCTS as readonly string[]).includes(b))
            throw new InvalidInput(`--enable-bills: unknown product ${b}`, 'enable-bills');
        for (const e of reportEmails ?? [])
          if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e))
            throw new InvalidInput(`--report-email: "${e}" is not an e-mail address`, 'report-email');
        const m = updateMerchant(
          db,
          o.code,
          {
            name: o.name,
            status: o.status,
            allowIps,
            liveBills: bills,
            reportEmails,
          },
          ACTOR,
        );
        out(
          merchantJson(m),
          `Merchant ${m.code} updated: ${m.status}; allow ${m.allowIps.join(', ') || '(none)'}; live bills ${m.liveBills.join(', ') || '(none)'}; reports to ${m.reportEmails.join(', ') || '(none)'}`,
        );
      }),
  );
merchant.command('list').action(() =>
  withStore((db) => {
    const all = listMerchants(db);
    out(
      { merchants: all.map(merchantJson) },
      all.map((m) => `${m.code.padEnd(12)} #${m.id} ${m.status.padEnd(9)} ${m.name}`).join('\n'),
    );
  }),
);

program
  .command('credentials')
  .description('credential pairs')
  .command('rotate')
  .requiredOption('--code <code>')
  .addOption(env())
  .action((o: { code: string; env: 'test' | 'live' }) =>
    withStore((db) => {
      const pair = rotateCredentials(db, o.code, o.env, ACTOR);
      out(
        pair,
        `New ${o.env} pair for ${o.code} (the old one is revoked). Shown once:\n  key ${pair.key}\n  secret ${pair.secret}`,
      );
    }),
  );

const wallet = program.command('wallet').description('merchant wallets');
wallet
  .command('fund')
  .requiredOption('--code <code>')
  .addOption(env())
  .requiredOption('--amount <naira>')
  .option('--reason <text>', 'why', oneLine('--reason'), 'funded by operator')
  .action((o: { code: string; env: 'test' | 'live'; amount: string; reason: string }) =>
    withStore((db) => {
      const m = requireMerchant(db, o.code);
      const after = fundWallet(db, {
        merchantId: m.id,
        merchantCode: m.code,
        env: o.env,
        amountKobo: parseNaira(o.amount, 'amount'),
        reason: o.reason,
        actor: ACTOR,
      });
      out({ balance: formatNaira(after) }, `${o.code} ${o.env} wallet balance: ${formatKobo(after)}`);
    }),
  );

const upstream = program.command('upstream').description('upstream providers and routes');
upstream
  .command('add')
  .requiredOption('--name <name>', 'upstream name', oneLine('--name'))
  .addOption(new Option('--type <type>').choices(['vending-api', 'simulator']).makeOptionMandatory())
  .option('--base-url <url>', 'the provider API base URL', oneLine('--base-url'))
  .option('--merchant-code <code>', 'our merchant code at the provider', oneLine('--merchant-code'))
  .option('--key <key>', 'our key at the provider', oneLine('--key'))
  .option(
    '--secret <secret>',
    "our secret at the provider; '-' reads it from standard input (kept out of the shell history and ps)",
    secretFlag('--secret'),
  )
  .option('--products <list>', 'routes, e.g. airtime,data,ELECTRICITY or data:MTN', oneLine('--products'), '')
  .action(
    (o: {
      name: string;
      type: 'vending-api' | 'simulator';
      baseUrl?: string;
      merchantCode?: string;
      key?: string;
      secret?: string;
      products: string;
    }) =>
      withStore((db, dataDir) => {
        const u = addUpstream(
          db,
          SecretBox.forDataDir(dataDir),
          {
            name: o.name,
            type: o.type,
            baseUrl: o.baseUrl,
            merchantCode: o.merchantCode,
            keyId: o.key,
            secret: o.secret,
            products: o.products
              .split(',')
              .map((p) => p.trim())
              .filter(Boolean),
          },
          ACTOR,
        );
        const json = upstreamJson(u, listRoutes(db));
        const warning = testKeyWarning(u.keyId);
        if (warning) console.error(`warning: ${warning}`);
        out(
          json,
          `Upstream ${u.name} (${u.type}) added; routes: ${json.routes.map((r) => r.product + (r.network ? ':' + r.network : '')).join(', ') || '(none)'}`,
        );
      }),
  );
upstream.command('list').action(() =>
  withStore((db) => {
    const routes = listRoutes(db);
    const all = listUpstreams(db).map((u) => upstreamJson(u, routes));
    out(
      { upstreams: all },
      all
        .map(
          (u) =>
            `${u.name.padEnd(16)} ${u.type.padEnd(12)} ${u.base_url ?? ''} routes: ${u.routes.map((r) => r.product + (r.network ? ':' + r.network : '')).join(', ')}`,
        )
        .join('\n') || '(no upstreams)',
    );
  }),
);

program
  .command('backup')
  .description(
    "a consistent copy of the database into <data dir>/backups/ while the node runs (as the console's Backup now); keep secret.key apart",
  )
  .action(() =>
    withStoreAsync(async (db, dataDir) => {
      const b = await backupNow({ db, config: { dataDir }, now: Date.now }, ACTOR);
      out(
        {
          file: b.file,
          path: b.path,
          size_bytes: b.size_bytes,
          created_at: b.created_at,
          integrity: b.integrity,
        },
        `Backup written: ${b.path} (${b.size_bytes} bytes, integrity ok). Restore it together with ${join(dataDir, 'secret.key')}.`,
      );
    }),
  );

program
  .command('ledger')
  .description('the books: every wallet against its ledger')
  .command('verify')
  .action(() =>
    withStore((db) => {
      const r = verifyLedger(db);
      out(
        r,
        r.ok
          ? `ledger ok: ${r.wallets} wallets`
          : `ledger NOT ok (${r.problems.length} problems):\n${r.problems
              .map(
                (p) =>
                  `  ${p.merchant_code ? `${p.merchant_code} ${p.environment} wallet: ` : ''}${p.problem}`,
              )
              .join('\n')}`,
      );
      if (!r.ok) process.exitCode = 1;
    }),
  );

const purchase = program.command('purchase').description('purchases that need an operator');
purchase
  .command('resolve')
  .description(
    'settles a pending purchase that needs attention, as success or failed (refunded once), audited',
  )
  .requiredOption('--ref <reference>', 'internal reference, or the merchant request id')
  .addOption(new Option('--outcome <outcome>').choices(['success', 'failed']).makeOptionMandatory())
  .requiredOption('--reason <text>', 'why, kept in the audit log', oneLine('--reason'))
  .action((o: { ref: string; outcome: 'success' | 'failed'; reason: string }) =>
    withStore((db) => {
      const p = resolvePurchaseManually(db, {
        reference: findSale(db, o.ref).internalReference,
        outcome: o.outcome,
        reason: o.reason,
        actor: ACTOR,
      });
      out(
        purchaseJson(p),
        `Purchase ${p.internalReference} resolved as ${p.state}${p.state === 'failed' ? ' (refunded)' : ''}`,
      );
    }),
  );

purchase
  .command('flag')
  .description('marks a pending purchase as needing attention now (a customer or the provider called)')
  .requiredOption('--ref <reference>', 'internal reference, or the merchant request id')
  .requiredOption('--reason <text>', 'why, kept in the audit log', oneLine('--reason'))
  .action((o: { ref: string; reason: string }) =>
    withStoreAsync(async (db) => {
      if (o.reason.trim().length < 3)
        throw new InvalidInput(
          '--reason: say why in a few words, at least 3 characters (kept in the audit log)',
          'reason',
        );
      const found = findSale(db, o.ref);
      if (found.state !== 'pending')
        throw new Conflict(`purchase ${found.internalReference} is already ${found.state}`);
      await new PurchaseStore(db, new CommitBatcher(db)).flagByOperator(found, ACTOR, o.reason.trim());
      const p = getPurchaseByReference(db, found.internalReference)!;
      out(
        { ...purchaseJson(p), needs_attention: p.needsAttention },
        `Purchase ${p.internalReference} flagged: it needs attention (purchase resolve can settle it)`,
      );
    }),
  );

purchase
  .command('reverse')
  .description('reverses a completed sale: its debit back to the wallet once, audited')
  .requiredOption('--ref <reference>', 'internal reference, or the merchant request id')
  .requiredOption(
    '--reason <text>',
    'why, kept in the audit log and shown to the integrator',
    oneLine('--reason'),
  )
  .action((o: { ref: string; reason: string }) =>
    withStoreAsync(async (db) => {
      const p = await reverseSale(
        { db, purchases: new PurchaseStore(db, new CommitBatcher(db)) },
        { reference: o.ref, reason: o.reason, actor: ACTOR, source: 'admin' },
      );
      out(
        { ...purchaseJson(p), reversed_at: p.reversedAt, reversal_reason: p.reversalReason },
        `Purchase ${p.internalReference} reversed: ${formatKobo(p.debitKobo)} back to the wallet`,
      );
    }),
  );

program
  .command('report')
  .description('daily reports')
  .command('run')
  .requiredOption('--date <YYYY-MM-DD>')
  .option('--send', 'send the e-mails too')
  .option('--code <code>', 'one merchant only')
  .option('--smtp-url <url>', 'SMTP server (or VENDPOINT_SMTP_URL)')
  .action(async (o: { date: string; send?: boolean; code?: string; smtpUrl?: string }) => {
    const dataDir = resolve(program.opts().dataDir as string);
    const r = await runReportsCommand({
      dataDir,
      date: o.date,
      send: Boolean(o.send),
      code: o.code,
      smtpUrl: o.smtpUrl ?? process.env.VENDPOINT_SMTP_URL ?? null,
      actor: ACTOR,
    });
    out(r.json, r.human);
    if (!r.ok) process.exitCode = 1;
  });

const tools: CliTools = { withStore, withStoreAsync, out, actor: ACTOR };
registerWebhookCommands(program, wallet, tools);
registerReconcileCommands(program, {
  ...tools,
  reverseSaleFor: (db) => reverseSaleWith({ db, purchases: new PurchaseStore(db, new CommitBatcher(db)) }),
});

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof CommanderError) {
    // Help and version were asked for: they are printed, and that is success.
    if (err.exitCode === 0) return;
    // Commander has already printed the usage error and the help to stderr.
    // A command group without its command prints its help and throws commander's placeholder.
    const message =
      err.code === 'commander.help'
        ? 'a command is needed: the help above lists them'
        : err.message.replace(/^error: /, '');
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    process.exitCode = 2;
    return;
  }
  const message = err instanceof DomainError || err instanceof Error ? err.message : String(err);
  if (program.opts().json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  else console.error(`error: ${message}`);
  process.exitCode = 2;
});
