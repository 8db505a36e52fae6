import type { Command } from 'commander';
import type { Db } from '../store/db.js';
import { requireMerchant } from '../store/merchants.js';
import { deliveryLogJson, listDeliveries } from '../store/webhook-deliveries.js';
import {
  addWebhookEndpoint,
  DEFAULT_ROTATION_OVERLAP_HOURS,
  endpointById,
  listWebhookEndpoints,
  replayWebhookDeliveries,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointStatus,
  endpointView,
  refusedAsPrivate,
} from '../services/webhooks.js';
import { getSetting, SETTINGS } from '../store/settings.js';
import { InvalidInput } from '../domain/errors.js';
import { envOption, merchantCodeFlag, withFlagWords, type CliTools, type FlagFor } from './tools.js';

/** `webhook add`: the URL and event types, as the node's words name them. */
const ADD_FLAGS: FlagFor[] = [
  { field: 'url', flag: '--url', said: /^url\b/ },
  { field: 'event_types', flag: '--events', said: /^event_types\b/ },
];

const allowPrivateFromEnv = () => process.env.VENDPOINT_WEBHOOKS_ALLOW_PRIVATE === '1';

/**
 * The CLI's own flag let it save or test a private URL; the node delivers with its flag, which
 * it records at each start. Said on stderr, so `--json` output stays one object.
 */
async function warnIfNodeRefuses(db: Db, url: string, env: 'test' | 'live'): Promise<void> {
  if (getSetting(db, SETTINGS.webhooksAllowPrivate) === true) return;
  if (!(await refusedAsPrivate(url, env))) return;
  console.error(
    'Warning: the node on this data directory was last started without --allow-private-webhooks, so it refuses to deliver to this private or loopback address (each delivery is retried, then fails). Start it with the flag to deliver here.',
  );
}

/**
 * `webhook add|list|rotate|remove|pause|resume|test|deliveries|replay`. A running node picks the
 * changes up on its next delivery pass.
 */
export function registerWebhookCommands(program: Command, cli: CliTools): void {
  const webhook = program.command('webhook').description("merchants' webhook endpoints");
  webhook
    .command('add')
    .description("a webhook endpoint for a merchant's environment (its signing secret shown once)")
    .requiredOption('--code <code>', 'merchant code', merchantCodeFlag)
    .addOption(envOption().makeOptionMandatory())
    .requiredOption('--url <url>')
    .option('--events <list>', 'event types, comma-separated, or *', '*')
    .option('--allow-private-webhooks', 'accept a private or loopback URL (the node needs the flag too)')
    .action(
      async (o: {
        code: string;
        env: 'test' | 'live';
        url: string;
        events: string;
        allowPrivateWebhooks?: boolean;
      }) => {
        await withFlagWords(ADD_FLAGS, () =>
          cli.withServices(async ({ db, webhookContext }) => {
            const m = requireMerchant(db, o.code);
            const s = webhookContext(Boolean(o.allowPrivateWebhooks) || allowPrivateFromEnv());
            const e = await addWebhookEndpoint(s, {
              merchantId: m.id,
              environment: o.env,
              url: o.url,
              eventTypes: o.events
                .split(',')
                .map((t) => t.trim())
                .filter(Boolean),
              actor: cli.actor,
            });
            cli.out(
              e,
              `Webhook ${e.id} added for ${o.code} ${o.env} -> ${e.url}. Signing secret (shown once):\n  ${e.secret}`,
            );
            await warnIfNodeRefuses(db, e.url, o.env);
          }),
        );
      },
    );

  webhook
    .command('list')
    .description("a merchant's webhook endpoints (never secrets)")
    .requiredOption('--code <code>', 'merchant code', merchantCodeFlag)
    .addOption(envOption())
    .action((o: { code: string; env?: 'test' | 'live' }) =>
      cli.withExistingServices(({ db, webhookContext }) => {
        const m = requireMerchant(db, o.code);
        const list = listWebhookEndpoints(webhookContext(false), m.id, o.env);
        cli.out(
          { webhooks: list },
          list
            .map(
              (e) =>
                `${e.id.padEnd(8)} ${e.environment.padEnd(5)} ${e.status.padEnd(8)} ${e.url} [${e.event_types.join(',')}]`,
            )
            .join('\n') || '(no webhook endpoints)',
        );
      }),
    );

  webhook
    .command('rotate')
    .description('a new signing secret; the old one signs too for the overlap')
    .requiredOption('--id <we_N>')
    .option(
      '--overlap-hours <h>',
      'how long the old secret keeps signing',
      String(DEFAULT_ROTATION_OVERLAP_HOURS),
    )
    .action((o: { id: string; overlapHours: string }) =>
      cli.withExistingServices(({ db, webhookContext }) => {
        const e = endpointById({ db }, o.id);
        const hours = Number(o.overlapHours);
        if (!Number.isFinite(hours) || hours < 0 || hours > 168)
          throw new InvalidInput(
            '--overlap-hours must be a number of hours from 0 to 168 (7 days)',
            'overlap',
          );
        const r = rotateWebhookSecret(webhookContext(false), e, hours, cli.actor);
        cli.out(
          r,
          `New signing secret for ${r.id} (shown once; ${r.old_secret_expires_at ? `the secrets it replaced sign until ${r.old_secret_expires_at}` : 'only it signs from now'}):\n  ${r.secret}`,
        );
      }),
    );

  webhook
    .command('remove')
    .description('removes an endpoint: nothing more is delivered to it')
    .requiredOption('--id <we_N>')
    .action((o: { id: string }) =>
      cli.withExistingServices(({ db, webhookContext }) => {
        const e = endpointById({ db }, o.id);
        setWebhookEndpointStatus(webhookContext(false), e, 'removed', cli.actor);
        cli.out({ id: o.id, removed: true }, `Webhook ${o.id} removed`);
      }),
    );

  for (const [name, status] of [
    ['pause', 'paused'],
    ['resume', 'enabled'],
  ] as const) {
    webhook
      .command(name)
      .description(
        name === 'pause'
          ? 'pauses deliveries to an endpoint (they wait, queued)'
          : 'resumes deliveries to a paused endpoint',
      )
      .requiredOption('--id <we_N>')
      .action((o: { id: string }) =>
        cli.withExistingServices(({ db, webhookContext }) => {
          const v = setWebhookEndpointStatus(
            webhookContext(false),
            endpointById({ db }, o.id),
            status,
            cli.actor,
          );
          cli.out(v, `Webhook ${v.id} ${v.status}`);
        }),
      );
  }

  webhook
    .command('test')
    .description('posts a signed webhook.test event now and reports the answer; exit 1 when not delivered')
    .requiredOption('--id <we_N>')
    .option('--allow-private-webhooks', 'send to a private or loopback URL (as `webhook add` took it)')
    .action(async (o: { id: string; allowPrivateWebhooks?: boolean }) => {
      await cli.withExistingServices(async ({ db, webhookContext }) => {
        const allowPrivate = Boolean(o.allowPrivateWebhooks) || allowPrivateFromEnv();
        const s = webhookContext(allowPrivate);
        const endpoint = endpointById({ db }, o.id);
        // stderr: a receiver that never answers takes the sender's time-outs (about 10 s).
        console.error(`Sending a test event to ${endpoint.url} …`);
        const r = await sendTestWebhook(s, endpoint);
        cli.out(
          r,
          r.delivered
            ? `Test event delivered (HTTP ${r.status_code}, ${r.latency_ms} ms)`
            : `Test event NOT delivered: ${[r.status_code === null ? null : `HTTP ${r.status_code}`, r.error].filter(Boolean).join(', ')}`,
        );
        if (!r.delivered) process.exitCode = 1;
        // The sender's words say the address is private, not that this command's flag is missing.
        if (!r.delivered && !allowPrivate && (await refusedAsPrivate(endpoint.url, endpoint.environment)))
          console.error(
            "A private or loopback URL needs the command's own --allow-private-webhooks (or VENDPOINT_WEBHOOKS_ALLOW_PRIVATE=1) to be tested from the CLI, as for `webhook add`.",
          );
        await warnIfNodeRefuses(db, endpoint.url, endpoint.environment);
      });
    });

  webhook
    .command('deliveries')
    .description("an endpoint's delivery log, newest first")
    .requiredOption('--id <we_N>')
    .option('--limit <n>', 'newest first, 1 to 500', '50')
    .action((o: { id: string; limit: string }) =>
      cli.withExistingServices(({ db }) => {
        if (!/^\d+$/.test(o.limit) || Number(o.limit) < 1 || Number(o.limit) > 500)
          throw new InvalidInput('--limit must be a whole number from 1 to 500', 'limit');
        const e = endpointById({ db }, o.id);
        const rows = listDeliveries(db, e.id, Number(o.limit));
        cli.out(
          { endpoint: endpointView(e), deliveries: rows.map(deliveryLogJson) },
          rows
            .map(
              (d) =>
                `${String(d.id).padEnd(6)} evt_${d.event_id} ${d.event_type.padEnd(26)} ${d.state.padEnd(9)} attempts ${d.attempts} last ${d.last_status ?? d.last_error ?? '-'}` +
                (d.next_attempt_at === null ? '' : ` next ${new Date(d.next_attempt_at).toISOString()}`),
            )
            .join('\n') || '(no deliveries)',
        );
      }),
    );

  webhook
    .command('replay')
    .description('sends failed deliveries again now (or one of them)')
    .requiredOption('--id <we_N>')
    .option('--delivery <id>', 'one failed (or retrying) delivery; default all of them')
    .action((o: { id: string; delivery?: string }) =>
      cli.withExistingServices(({ db, webhookContext }) => {
        const e = endpointById({ db }, o.id);
        if (o.delivery !== undefined && !/^[1-9]\d{0,14}$/.test(o.delivery))
          throw new InvalidInput(
            '--delivery must be a delivery id (a whole number, from `webhook deliveries`)',
            'delivery',
          );
        const r = replayWebhookDeliveries(
          webhookContext(false),
          e,
          o.delivery === undefined ? null : Number(o.delivery),
          cli.actor,
        );
        cli.out(
          r,
          `${r.replayed} failed or retrying ${r.replayed === 1 ? 'delivery' : 'deliveries'} of ${o.id} sent again now`,
        );
      }),
    );
}
