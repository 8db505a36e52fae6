import { createHash } from 'node:crypto';
import { lpaQrPng } from './lpa-qr.js';
import type { VendOutcome } from '../domain/vend-outcome.js';
import { CustomerRejected } from '../domain/errors.js';
import type { CatalogSnapshot, Upstream, VendRequest, VerifyRequest, VerifyResult } from './types.js';
import { deliversEsim, lpaOf } from '../domain/esim-sale.js';
import { billProviderName } from '../../common/provider-names.js';

export interface SimulatorOptions {
  latencyMs?: number;
  /** Share of vends answered pending first (resolved on a later requery). */
  pendingRate?: number;
  /** Share of vends that fail definitively. */
  failureRate?: number;
  /** How long a pending vend stays pending before a requery resolves it. */
  pendingForMs?: number;
  /**
   * Gift cards with `standard` stock and eSIMs answer pending first, then resolve on a
   * requery, as real fulfilment does. Default: on for simulators an operator routes live
   * traffic to (demos), off for the built-in test simulator, whose test orders answer 00 at
   * once (DESIGN "Simulator defaults").
   */
  slowFulfilment?: boolean;
}

/** The name of the built-in simulator that serves all test-credential traffic. */
export const TEST_SIMULATOR_NAME = 'simulator';

/** The spec's test identifiers (Authentication, "Test credential behaviour"). */
export const TEST_IDS = {
  prepaidMeter: '10000000001',
  postpaidMeter: '10000000002',
  cable: { DSTV: '10000000010', GOTV: '10000000020', STARTIMES: '10000000030' } as Record<string, string>,
  betting: 'TESTBET001',
} as const;
export const TEST_TOKEN = '12345678901234567890';
export const TEST_CUSTOMER_NAME = 'TEST CUSTOMER';

/**
 * A customer id is a test id in any letter case (`testbet001`): agents type it as they see
 * fit, and this simulator stands in for billers that do not mind. Only the simulator's own
 * check: what a real upstream is sent stays as typed.
 */
const isTestId = (id: string, testId: string | undefined): boolean =>
  testId !== undefined && id.toUpperCase() === testId.toUpperCase();

/**
 * Phone numbers whose last seven digits script an airtime or data outcome, so integrators can
 * see a failure and a late answer with test credentials (the spec: test purchases "usually"
 * answer 00): 08030000001 fails, 08030000002 is pending and then succeeds, 08030000003 is
 * pending and then fails, each at its first status check. Any network's prefix works; every
 * other number succeeds.
 */
export const TEST_PHONE_OUTCOMES = {
  '0000001': 'failed',
  '0000002': 'pending_then_success',
  '0000003': 'pending_then_failed',
} as const;
type ScriptedOutcome = (typeof TEST_PHONE_OUTCOMES)[keyof typeof TEST_PHONE_OUTCOMES];

function scriptedOutcome(req: VendRequest): ScriptedOutcome | null {
  if (req.kind !== 'transaction' || (req.product !== 'airtime' && req.product !== 'data')) return null;
  const digits = req.msisdn.replace(/\D/g, '');
  if (digits.length < 10) return null;
  return TEST_PHONE_OUTCOMES[digits.slice(-7) as keyof typeof TEST_PHONE_OUTCOMES] ?? null;
}

const CURRENT_BOUQUET: Record<string, string> = {
  DSTV: 'DStv Compact',
  GOTV: 'GOtv Jolli',
  STARTIMES: 'StarTimes Classic (Dish) Monthly',
};

/** A stable number in [0,1) from a reference, so a simulated outcome survives restarts. */
function unitHash(ref: string, salt: string): number {
  return (
    createHash('sha256')
      .update(salt + ref)
      .digest()
      .readUInt32BE(0) /
    2 ** 32
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The built-in upstream: serves all test-credential traffic with the spec's simulated
 * behaviour, and live traffic only where an operator routes to it (demos). Deterministic per
 * reference; pending vends resolve once `pendingForMs` has passed since the send.
 */
/** The simulator's refusals, in its own words as a provider gives them (the integrator sees them). */
const SCRIPTED_FAILURE: VendOutcome = {
  kind: 'failed',
  reason: 'Simulated failure (test number)',
  message: 'Simulated failure (test number)',
};
const RANDOM_FAILURE: VendOutcome = {
  kind: 'failed',
  reason: 'Simulated failure',
  message: 'Simulated failure',
};

export class SimulatorUpstream implements Upstream {
  readonly type = 'simulator' as const;
  readonly inProcess = true;
  /** Vend calls per reference: tests use it to prove at most one vend. */
  readonly vendCalls = new Map<string, number>();

  constructor(
    readonly name = TEST_SIMULATOR_NAME,
    private readonly opts: SimulatorOptions = {},
  ) {}

  async vend(req: VendRequest): Promise<VendOutcome> {
    this.vendCalls.set(req.reference, (this.vendCalls.get(req.reference) ?? 0) + 1);
    if (this.opts.latencyMs) await sleep(this.opts.latencyMs);
    const rejection = this.rejectionOf(req);
    if (rejection) return { kind: 'failed', reason: rejection, message: rejection };
    const scripted = scriptedOutcome(req);
    if (scripted === 'failed') return SCRIPTED_FAILURE;
    if (scripted) return { kind: 'pending', reason: 'Simulated pending (test number)' };
    // Slow fulfilment decides its outcome (failure rate included) on the requery.
    if (this.fulfilsSlowly(req)) return { kind: 'pending', reason: 'Simulated fulfilment in progress' };
    const u = unitHash(req.reference, 'outcome');
    const failureRate = this.opts.failureRate ?? 0;
    if (u < failureRate) return RANDOM_FAILURE;
    if (u < failureRate + (this.opts.pendingRate ?? 0))
      return { kind: 'pending', reason: 'Simulated pending' };
    return this.success(req);
  }

  async requery(req: VendRequest): Promise<VendOutcome> {
    if (this.opts.latencyMs) await sleep(this.opts.latencyMs);
    // A scripted pending settles at its first status check (about 10 s after the sale).
    const scripted = scriptedOutcome(req);
    if (scripted === 'failed' || scripted === 'pending_then_failed') return SCRIPTED_FAILURE;
    if (scripted === 'pending_then_success') return this.success(req);
    const u = unitHash(req.reference, 'outcome');
    const failureRate = this.opts.failureRate ?? 0;
    if (u < failureRate) return RANDOM_FAILURE;
    const pendingFor = this.opts.pendingForMs ?? 15_000;
    if (req.sentAt && Date.now() - req.sentAt < pendingFor) return { kind: 'pending' };
    return this.success(req);
  }

  private success(req: VendRequest): VendOutcome {
    const result = this.deliver(req);
    // The provider's reference is the one its receipt prints, so a sale is found by it.
    const printed = result.reference_code ?? result.external_reference ?? result.receipt_number;
    return {
      kind: 'success',
      result,
      upstreamReference: typeof printed === 'string' ? printed : `SIM-${req.reference.slice(-8)}`,
    };
  }

  async verify(req: VerifyRequest): Promise<VerifyResult> {
    if (this.opts.latencyMs) await sleep(this.opts.latencyMs);
    const id = req.customerId;
    if (req.product === 'ELECTRICITY') {
      const expected = req.meterType === 'postpaid' ? TEST_IDS.postpaidMeter : TEST_IDS.prepaidMeter;
      if (!isTestId(id, expected)) {
        throw new CustomerRejected(
          `Invalid meter number: ${id} is not a ${req.meterType ?? 'prepaid'} meter of ${billProviderName(req.network)} (test meter: ${expected})`,
        );
      }
      return {
        product: req.product,
        network: req.network,
        msisdn: id,
        customer_name: TEST_CUSTOMER_NAME,
        customer_address: '12 Test Close, Ikeja, Lagos',
        min_amount: '500',
        max_amount: '500000',
        meter_number: id,
        meter_type: req.meterType ?? 'prepaid',
        account_type: 'NON-MD',
        tariff: 'Band A',
      };
    }
    if (req.product === 'CABLE') {
      if (!isTestId(id, TEST_IDS.cable[req.network])) {
        throw new CustomerRejected(
          `Invalid smartcard/IUC number ${id} for ${billProviderName(req.network)} (test id: ${TEST_IDS.cable[req.network]})`,
        );
      }
      return {
        product: req.product,
        network: req.network,
        msisdn: id,
        customer_name: TEST_CUSTOMER_NAME,
        current_bouquet: CURRENT_BOUQUET[req.network] ?? '',
        due_date: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10),
      };
    }
    if (!isTestId(id, TEST_IDS.betting))
      throw new CustomerRejected(
        `Invalid ${billProviderName(req.network)} customer id ${id} (test id: ${TEST_IDS.betting})`,
      );
    return {
      product: req.product,
      network: req.network,
      msisdn: id,
      customer_name: TEST_CUSTOMER_NAME,
      customer_username: 'testpunter',
    };
  }

  async catalogs(): Promise<CatalogSnapshot> {
    return {};
  }

  async qrcode(_req: VendRequest, lpa: string): Promise<Buffer> {
    return lpaQrPng(lpa);
  }

  async balance(): Promise<number | null> {
    return null;
  }

  private fulfilsSlowly(req: VendRequest): boolean {
    const slow = this.opts.slowFulfilment ?? this.name !== TEST_SIMULATOR_NAME;
    if (!slow) return false;
    if (req.kind === 'giftcard') return req.details.fulfillment === 'standard';
    return deliversEsim(req);
  }

  /** Bill vends re-check the test ids: the simulator accepts nothing else. */
  private rejectionOf(req: VendRequest): string | null {
    if (req.product === 'ELECTRICITY') {
      const meterType = req.details.meter_type;
      const expected = meterType === 'postpaid' ? TEST_IDS.postpaidMeter : TEST_IDS.prepaidMeter;
      return isTestId(req.msisdn, expected) ? null : 'Invalid meter number';
    }
    if (req.product === 'CABLE')
      return isTestId(req.msisdn, TEST_IDS.cable[req.network]) ? null : 'Invalid smartcard number';
    if (req.product === 'BETTING')
      return isTestId(req.msisdn, TEST_IDS.betting) ? null : 'Invalid betting customer id';
    return null;
  }

  private deliver(req: VendRequest): Record<string, unknown> {
    // The reference's last 12 hex digits: random in a UUID v7, whose first 12 are the
    // millisecond, so placeholders made from those repeated across sales of the same moment.
    // The last 8 are the short reference the console shows.
    const tail = req.reference.replace(/-/g, '').slice(-12).toUpperCase();
    switch (req.product) {
      case 'airtime':
      case 'data':
        return {
          external_reference: `SIM${tail}`,
          telco_message: `Simulated ${req.product} top-up to ${req.msisdn} successful`,
        };
      case 'ELECTRICITY': {
        if (req.details.meter_type === 'postpaid')
          return { customer_name: TEST_CUSTOMER_NAME, receipt_number: `RCPT${tail}` };
        // Band A tariff of about ₦209.50 per kWh.
        const units = (req.amountKobo / 100 / 209.5).toFixed(1);
        return { token: TEST_TOKEN, units, customer_name: TEST_CUSTOMER_NAME };
      }
      case 'CABLE':
      case 'BETTING':
        return { customer_name: TEST_CUSTOMER_NAME, external_reference: `SIM${tail}` };
      case 'giftcard':
        return {
          reference_code: `GC-${tail}`,
          cards: Array.from({ length: req.quantity }, (_, i) => ({
            card_number: `TEST-${tail.slice(4, 8)}-${tail.slice(8, 12)}-${String(i + 1).padStart(4, '0')}`,
            pin_code: String(1000 + ((parseInt(tail.slice(0, 4), 16) + i) % 9000)),
            claim_url: `https://example.invalid/claim/TEST-${tail}-${i + 1}`,
          })),
        };
      case 'esim':
      case 'ESIM': {
        const iccid = `89234${(BigInt('0x' + tail) % 10n ** 14n).toString().padStart(14, '0')}`;
        const activation = `TEST-${tail}`;
        const smdp = 'smdp.test.vendpoint.invalid';
        return {
          reference_code: `ES-${tail}`,
          iccid,
          activation_code: activation,
          smdp_address: smdp,
          lpa: lpaOf(smdp, activation),
          redemption_instructions:
            'Settings > Mobile data > Add eSIM > Use QR code, scan the QR (or enter the SM-DP+ address and activation code), then turn on data roaming for this line when you arrive.',
        };
      }
      default:
        return {};
    }
  }
}
