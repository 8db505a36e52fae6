import { Conflict, InvalidInput, type MerchantApiPrefix } from './errors.js';

/**
 * A second endpoint at a URL the merchant already uses in the environment: a retried POST
 * would otherwise double every event, each copy signed with another secret.
 */
export class WebhookUrlTaken extends Conflict {
  constructor(
    readonly endpointId: string,
    environment: string,
    url: string,
  ) {
    super(
      `${endpointId} already receives this merchant's ${environment} events at ${url}: use it, or remove it first`,
    );
  }

  /** A client retries because the 201 never reached it, and that answer alone carried the secret. */
  override forMerchantApi(prefix: MerchantApiPrefix): string {
    return `${this.message}; if you did not keep its secret, rotate it: POST ${prefix}/webhooks/${this.endpointId}/rotate`;
  }
}

/**
 * A webhook URL that is, or resolves to, a loopback, private or link-local address, on a node
 * (or CLI command) without --allow-private-webhooks. The operator is told the flag; a merchant
 * calling the API cannot change it, so it is told what the address is and who decides.
 */
export class PrivateWebhookTarget extends InvalidInput {
  constructor() {
    super(
      `url resolves to a private, loopback or link-local address; allowed only with --allow-private-webhooks (the node's own flag for the API and console, the command's own flag for the CLI)`,
      'url',
    );
  }

  override forMerchantApi(): string {
    return "url resolves to a private, loopback or link-local address, which this node does not send webhooks to: use a public address your receiver is reached at (whether private addresses are allowed is up to the node's operator)";
  }
}
