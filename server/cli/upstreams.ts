import { Option, type Command } from 'commander';
import { readFileSync } from 'node:fs';
import { listRoutes, listUpstreams, upstreamJson } from '../store/upstreams.js';
import { InvalidInput } from '../domain/errors.js';
import { assertOneLineText } from '../domain/text-hygiene.js';
import { createUpstream } from '../services/admin-upstreams.js';
import {
  assertFlagEntries,
  assertFlagLength,
  limitedOneLine,
  withFlagWords,
  type CliTools,
  type FlagFor,
} from './tools.js';
import { UPSTREAM_LIMITS } from '../../common/input-limits.js';
import {
  NOT_FOUND_GRACE_MINUTES_MAX,
  NOT_FOUND_GRACE_MINUTES_MIN,
  readNotFoundGraceMinutes,
} from '../../common/upstream-limits.js';

/** A secret flag: `-` reads it from standard input (its first line), so it never sits on a command line. */
const secretFlag = (flag: string, max: number) => (v: string) => {
  if (v !== '-') return limitedOneLine(flag, max)(v);
  const line = readFileSync(0, 'utf8').split(/\r?\n/)[0];
  if (!line) throw new InvalidInput(`${flag} -: standard input held no secret`, flag);
  return limitedOneLine(flag, max)(line);
};

/** `--products`: a comma-separated list of routes, each and their number within the console's limits. */
const productsFlag = (v: string) => {
  const flag = '--products';
  const routes = assertFlagEntries(v.split(','), flag, UPSTREAM_LIMITS.routes);
  for (const r of routes) assertFlagLength(r, `${flag}: each route`, UPSTREAM_LIMITS.route);
  return assertOneLineText(v, flag);
};

/** `--not-found-grace`: whole minutes, said in the flag's own words when wrong. */
function graceMinutesFlag(v: string): number {
  const n = readNotFoundGraceMinutes(v);
  if (n === null)
    throw new InvalidInput(
      `--not-found-grace is whole minutes from ${NOT_FOUND_GRACE_MINUTES_MIN} to ${NOT_FOUND_GRACE_MINUTES_MAX}, got ${JSON.stringify(v)}`,
      '--not-found-grace',
    );
  return n;
}

/** `upstream add`: what the node's words call the name, base URL and routes, by flag. */
const ADD_FLAGS: FlagFor[] = [
  { field: 'name', flag: '--name', said: /^upstream name\b/ },
  { field: 'base_url', flag: '--base-url', said: /^base URL\b/ },
  { field: 'products', flag: '--products', said: /\broutes\b/ },
  // "network must be one of mtn, …": the network of a product:NETWORK route.
  { field: 'network', flag: '--products' },
];

/** The flags a vending-api upstream cannot do without, by the option commander reads each into. */
const VENDING_API_NEEDS = [
  ['baseUrl', '--base-url'],
  ['merchantCode', '--merchant-code'],
  ['key', '--key'],
  ['secret', '--secret'],
] as const;

/** A vending-api upstream given without one of them is refused naming the flags missing. */
function assertVendingApiFlags(o: Partial<Record<(typeof VENDING_API_NEEDS)[number][0], string>>): void {
  const missing = VENDING_API_NEEDS.filter(([key]) => !o[key]?.trim()).map(([, flag]) => flag);
  if (missing.length)
    throw new InvalidInput(
      `a vending-api upstream needs --base-url, --merchant-code, --key and --secret; missing: ${missing.join(', ')}`,
      missing[0],
    );
}

/** `upstream add|list`. */
export function registerUpstreamCommands(program: Command, cli: CliTools): void {
  const upstream = program.command('upstream').description('upstream providers and routes');
  upstream
    .command('add')
    .description('a provider to vend live through, and the products routed to it')
    .requiredOption('--name <name>', 'upstream name', limitedOneLine('--name', UPSTREAM_LIMITS.name))
    .addOption(new Option('--type <type>').choices(['vending-api', 'simulator']).makeOptionMandatory())
    .option(
      '--base-url <url>',
      'the provider API base URL',
      limitedOneLine('--base-url', UPSTREAM_LIMITS.baseUrl),
    )
    .option(
      '--merchant-code <code>',
      'our merchant code at the provider',
      limitedOneLine('--merchant-code', UPSTREAM_LIMITS.merchantCode),
    )
    .option('--key <key>', 'our key at the provider', limitedOneLine('--key', UPSTREAM_LIMITS.key))
    .option(
      '--secret <secret>',
      "our secret at the provider; '-' reads it from standard input (kept out of the shell history and ps)",
      secretFlag('--secret', UPSTREAM_LIMITS.secret),
    )
    .option('--products <list>', 'routes, e.g. airtime,data,ELECTRICITY or data:MTN', productsFlag, '')
    .option(
      '--not-found-grace <minutes>',
      `how long after a send this provider's "no record of it" may mean "not recorded yet" (${NOT_FOUND_GRACE_MINUTES_MIN}-${NOT_FOUND_GRACE_MINUTES_MAX}; default the node's ${NOT_FOUND_GRACE_MINUTES_MIN})`,
      graceMinutesFlag,
    )
    .action(
      (o: {
        name: string;
        type: 'vending-api' | 'simulator';
        baseUrl?: string;
        merchantCode?: string;
        key?: string;
        secret?: string;
        products: string;
        notFoundGrace?: number;
      }) =>
        withFlagWords(ADD_FLAGS, () => {
          if (o.type === 'vending-api') assertVendingApiFlags(o);
          return cli.withServices((s) => {
            const { warning, ...json } = createUpstream(
              s,
              {
                name: o.name,
                type: o.type,
                baseUrl: o.baseUrl,
                merchantCode: o.merchantCode,
                key: o.key,
                secret: o.secret,
                options: o.notFoundGrace === undefined ? {} : { notFoundGraceMinutes: o.notFoundGrace },
                routes: o.products.split(','),
              },
              cli.actor,
            );
            // On stderr: stdout stays the one upstream object the CLI contract names.
            if (warning) console.error(`warning: ${warning}`);
            cli.out(
              json,
              `Upstream ${json.name} (${json.type}) added; routes: ${json.routes.map((r) => r.product + (r.network ? ':' + r.network : '')).join(', ') || '(none)'}`,
            );
          });
        }),
    );
  upstream
    .command('list')
    .description('upstreams and their routes (never secrets)')
    .action(() =>
      cli.withExistingServices(({ db }) => {
        const routes = listRoutes(db);
        const all = listUpstreams(db).map((u) => upstreamJson(u, routes));
        cli.out(
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
}
