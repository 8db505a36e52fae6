import { Conflict, type MerchantApiPrefix } from './errors.js';

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
