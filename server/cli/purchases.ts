import { Option, type Command } from 'commander';
import { formatKobo } from '../../common/money-display.js';
import { findSale } from '../store/find-sale.js';
import { flagPurchase, resolvePurchase } from '../services/attention.js';
import { giftCardCount, purchaseJson } from '../services/purchase-json.js';
import type { Purchase } from '../store/purchases.js';
import { reverseSale } from '../services/reversals.js';
import { oneLine, REASON_FLAG, withFlagWords, type CliTools } from './tools.js';

/**
 * A gift-card sale's codes are never printed (nor a token or an eSIM activation code, see
 * purchaseJson): the CLI would show them with no audit entry. It says how many there are and
 * where they can be seen instead, the console's reveal, which records who saw them.
 */
function cardsNote(p: Purchase): string {
  const n = giftCardCount(p);
  if (!n) return '';
  const codes = `${n} gift-card code${n === 1 ? '' : 's'}, not printed here`;
  return p.state === 'success'
    ? `${codes}: the console shows them (History, open the sale, Reveal card codes) and records who saw them`
    : `${codes}: the sale is ${p.state}, so the console no longer shows them`;
}

/** purchaseJson and the human line, each with the gift-card note when there is one. */
function printPurchase(cli: CliTools, p: Purchase, extra: Record<string, unknown>, human: string): void {
  const note = cardsNote(p);
  cli.out(
    { ...purchaseJson(p), ...extra, ...(note ? { cards_count: giftCardCount(p), cards_note: note } : {}) },
    note
      ? `${human}
  ${note}`
      : human,
  );
}

/** `purchase resolve|flag|reverse`: purchases that need an operator. */
export function registerPurchaseCommands(program: Command, cli: CliTools): void {
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
      withFlagWords([REASON_FLAG], () =>
        cli.withExistingServices((s) => {
          const p = resolvePurchase(s, {
            reference: findSale(s.db, o.ref).internalReference,
            outcome: o.outcome,
            reason: o.reason,
            actor: cli.actor,
          });
          printPurchase(
            cli,
            p,
            {},
            `Purchase ${p.internalReference} resolved as ${p.state}${p.state === 'failed' ? ' (refunded)' : ''}`,
          );
        }),
      ),
    );

  purchase
    .command('flag')
    .description('marks a pending purchase as needing attention now (a customer or the provider called)')
    .requiredOption('--ref <reference>', 'internal reference, or the merchant request id')
    .requiredOption('--reason <text>', 'why, kept in the audit log', oneLine('--reason'))
    .action((o: { ref: string; reason: string }) =>
      withFlagWords([REASON_FLAG], () =>
        cli.withExistingServices(async (s) => {
          const p = await flagPurchase(s, findSale(s.db, o.ref), cli.actor, o.reason);
          printPurchase(
            cli,
            p,
            { needs_attention: p.needsAttention },
            `Purchase ${p.internalReference} flagged: it needs attention (purchase resolve can settle it)`,
          );
        }),
      ),
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
      withFlagWords([REASON_FLAG], () =>
        cli.withExistingServices(async (s) => {
          const p = await reverseSale(s, {
            reference: o.ref,
            reason: o.reason,
            actor: cli.actor,
            source: 'admin',
          });
          printPurchase(
            cli,
            p,
            { reversed_at: p.reversedAt, reversal_reason: p.reversalReason },
            `Purchase ${p.internalReference} reversed: ${formatKobo(p.debitKobo)} back to the wallet`,
          );
        }),
      ),
    );
}
