import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_IN_FLIGHT } from './jobs/in-flight-limit.js';
import { DEFAULT_MAX_WAITING } from './services/wait-admission.js';

/** Everything a node needs to start; built from flags, then env, then defaults (DESIGN "Runtime modes"). */
export interface NodeConfig {
  dataDir: string;
  host: string;
  port: number;
  smtpUrl: string | null;
  /** Extra Host header names accepted besides localhost/127.0.0.1/[::1] (DNS-rebinding guard). */
  allowedHosts: string[];
  /** Proxies whose X-Forwarded-For is believed; empty means the socket address is the client IP. */
  trustedProxies: string[];
  /** Requests per minute per (credential, IP); 0 turns rate limiting off (benchmarks). */
  rateLimitPerMinute: number;
  /**
   * Connections one client address may hold open at once (`--connections-per-ip`); loopback and
   * trusted proxies are not counted; 0 turns the cap off (http/connection-caps.ts).
   */
  connectionsPerIp: number;
  /** How long sync routes and bills wait for the vend outcome before answering pending. */
  syncTimeoutMs: number;
  /** Vends sent to one upstream at a time; the rest wait in the durable queue. */
  maxInFlight: number;
  /**
   * Purchases held open waiting for their provider (sync routes, bills, orders) at once; beyond
   * it a new one is refused 503 with Retry-After before anything is charged.
   */
  maxWaiting: number;
  /** Run schedules (poller, catalog sync, reports). Tests may turn them off. */
  schedules: boolean;
  /** Print the DEMO credentials when a new data directory is initialised. */
  printFirstRun: boolean;
  logLevel: string;
  /** Check every console answer against its response schema (tests): a field sent but not described fails. */
  checkConsoleAnswers?: boolean;
  /**
   * Readable lines for a person at a terminal, or one JSON object per line for machines: by
   * default pretty when stdout is a terminal, JSON otherwise (`--log-format json|pretty`).
   */
  logFormat: 'pretty' | 'json';
  /**
   * Let webhooks go to loopback, private and link-local addresses (--allow-private-webhooks).
   * Off by default: a merchant's URL must not reach the host's own network.
   */
  webhooksAllowPrivate: boolean;
  /** How long a client may take to send one whole request, headers and body (tests shorten it). */
  requestTimeoutMs?: number;
  /** Tests: how long a streamed answer may drain nothing before it is cut (http/stalled-streams.ts). */
  streamIdleMs?: number;
  /** Tests: the node-wide connection ceiling, instead of the one derived from the descriptor limit. */
  connectionCeiling?: number;
  /** Tests: count loopback clients against `connectionsPerIp` too (tests can only connect from it). */
  capLoopbackConnections?: boolean;
}

export const DEFAULTS = {
  dataDir: './data',
  host: '127.0.0.1',
  port: 7300,
  rateLimitPerMinute: 6000,
  connectionsPerIp: 256,
  syncTimeoutMs: 30_000,
  maxInFlight: DEFAULT_MAX_IN_FLIGHT,
  maxWaiting: DEFAULT_MAX_WAITING,
} as const;

/** `--help`: the flags, each with its environment variable (the README has the details). */
export const NODE_USAGE = `Usage: npm run serve -- [flags]   (or node dist/headless/serve.js [flags])

  --data-dir DIR            VENDPOINT_DATA_DIR          default ./data
  --host HOST               VENDPOINT_HOST              default 127.0.0.1
  --port N                  VENDPOINT_PORT              default 7300 (0: any free port)
  --smtp-url URL            VENDPOINT_SMTP_URL          mail for reports and alerts; a URL with a
                                                        password: the variable (ps shows flags)
  --allowed-hosts A,B       VENDPOINT_ALLOWED_HOSTS     extra Host names served
  --trusted-proxies A,B     VENDPOINT_TRUSTED_PROXIES   proxies whose X-Forwarded-For is believed
  --rate-limit N            VENDPOINT_RATE_LIMIT        requests per minute, default 6000; 0: off
  --connections-per-ip N    VENDPOINT_CONNECTIONS_PER_IP connections open at once from one client
                                                        address, default 256 (loopback: no cap); 0: off
  --max-in-flight N         VENDPOINT_MAX_IN_FLIGHT     vends on the wire per upstream, default 1024
  --max-waiting N           VENDPOINT_MAX_WAITING       purchases held open at once, default 2048
  --sync-wait S             VENDPOINT_SYNC_WAIT         seconds a sync sale or live bill waits for its
                                                        provider before answering 02, default 30 (1-300)
  --allow-private-webhooks  VENDPOINT_WEBHOOKS_ALLOW_PRIVATE=1
  --log-level LEVEL         VENDPOINT_LOG_LEVEL         default info
  --log-format pretty|json  VENDPOINT_LOG_FORMAT
  --help                    this text`;

/** True when the node should print NODE_USAGE and exit instead of starting. */
export const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h');

export function configFromArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): NodeConfig {
  const { values } = parseStrict(argv);
  return configFrom(values, env);
}

/**
 * Unknown flags and stray words are refused: a mistyped `--data-dri` or a `--help` the node did
 * not know used to start it on ./data with a fresh merchant, which is worse than not starting.
 */
function parseStrict(argv: string[]) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options: NODE_FLAGS });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
    const stray = /Unexpected argument '([^']+)'/.exec(message)?.[1];
    if (unknown) throw new Error(`unknown flag ${unknown}; see --help for the flags`);
    if (stray) throw new Error(`unexpected argument "${stray}"; see --help for the flags`);
    throw new Error(`${message.split('. ')[0]}; see --help for the flags`);
  }
}

const NODE_FLAGS = {
  'data-dir': { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'smtp-url': { type: 'string' },
  'allowed-hosts': { type: 'string' },
  'trusted-proxies': { type: 'string' },
  'rate-limit': { type: 'string' },
  'connections-per-ip': { type: 'string' },
  'max-in-flight': { type: 'string' },
  'max-waiting': { type: 'string' },
  'sync-wait': { type: 'string' },
  'log-level': { type: 'string' },
  'log-format': { type: 'string' },
  'allow-private-webhooks': { type: 'boolean' },
} as const;

function configFrom(values: ReturnType<typeof parseStrict>['values'], env: NodeJS.ProcessEnv): NodeConfig {
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const list = (v: string | undefined): string[] =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const portText = str(values.port) ?? env.VENDPOINT_PORT ?? String(DEFAULTS.port);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be an integer between 0 and 65535, got "${portText}"`);
  }
  const rateText =
    str(values['rate-limit']) ?? env.VENDPOINT_RATE_LIMIT ?? String(DEFAULTS.rateLimitPerMinute);
  const rate = Number(rateText);
  if (!Number.isInteger(rate) || rate < 0) throw new Error(`--rate-limit must be a non-negative integer`);
  const perIpText =
    str(values['connections-per-ip']) ??
    env.VENDPOINT_CONNECTIONS_PER_IP ??
    String(DEFAULTS.connectionsPerIp);
  const connectionsPerIp = Number(perIpText);
  if (!/^\d+$/.test(perIpText.trim()) || connectionsPerIp > 1_000_000)
    throw new Error(
      `--connections-per-ip must be a whole number from 0 (no cap) to 1000000, got "${perIpText}"`,
    );
  const inFlightText =
    str(values['max-in-flight']) ?? env.VENDPOINT_MAX_IN_FLIGHT ?? String(DEFAULTS.maxInFlight);
  const maxInFlight = Number(inFlightText);
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1)
    throw new Error(`--max-in-flight must be a positive integer, got "${inFlightText}"`);
  const waitingText = str(values['max-waiting']) ?? env.VENDPOINT_MAX_WAITING ?? String(DEFAULTS.maxWaiting);
  const maxWaiting = Number(waitingText);
  if (!Number.isInteger(maxWaiting) || maxWaiting < 1)
    throw new Error(`--max-waiting must be a positive integer, got "${waitingText}"`);
  const syncWaitText =
    str(values['sync-wait']) ?? env.VENDPOINT_SYNC_WAIT ?? String(DEFAULTS.syncTimeoutMs / 1000);
  const syncWait = Number(syncWaitText);
  if (!Number.isInteger(syncWait) || syncWait < 1 || syncWait > 300)
    throw new Error(`--sync-wait must be a whole number of seconds from 1 to 300, got "${syncWaitText}"`);
  const syncTimeoutMs = syncWait * 1000;
  const format =
    str(values['log-format']) ?? str(env.VENDPOINT_LOG_FORMAT) ?? (process.stdout.isTTY ? 'pretty' : 'json');
  if (format !== 'pretty' && format !== 'json') throw new Error(`--log-format must be json or pretty`);
  return {
    dataDir: resolve(str(values['data-dir']) ?? env.VENDPOINT_DATA_DIR ?? DEFAULTS.dataDir),
    host: str(values.host) ?? env.VENDPOINT_HOST ?? DEFAULTS.host,
    port,
    smtpUrl: str(values['smtp-url']) ?? env.VENDPOINT_SMTP_URL ?? null,
    allowedHosts: list(str(values['allowed-hosts']) ?? env.VENDPOINT_ALLOWED_HOSTS),
    trustedProxies: list(str(values['trusted-proxies']) ?? env.VENDPOINT_TRUSTED_PROXIES),
    rateLimitPerMinute: rate,
    connectionsPerIp,
    syncTimeoutMs,
    maxInFlight,
    maxWaiting,
    schedules: env.VENDPOINT_SCHEDULES !== 'off',
    printFirstRun: true,
    logLevel: str(values['log-level']) ?? env.VENDPOINT_LOG_LEVEL ?? 'info',
    logFormat: format,
    webhooksAllowPrivate:
      values['allow-private-webhooks'] === true || env.VENDPOINT_WEBHOOKS_ALLOW_PRIVATE === '1',
  };
}

export function testConfig(dataDir: string, overrides: Partial<NodeConfig> = {}): NodeConfig {
  return {
    dataDir,
    host: '127.0.0.1',
    port: 0,
    smtpUrl: null,
    allowedHosts: [],
    trustedProxies: [],
    rateLimitPerMinute: 6000,
    connectionsPerIp: DEFAULTS.connectionsPerIp,
    syncTimeoutMs: 10_000,
    maxInFlight: DEFAULT_MAX_IN_FLIGHT,
    maxWaiting: DEFAULT_MAX_WAITING,
    schedules: false,
    printFirstRun: false,
    logLevel: 'silent',
    checkConsoleAnswers: true,
    logFormat: 'json',
    webhooksAllowPrivate: false,
    ...overrides,
  };
}
