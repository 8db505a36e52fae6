import type { Upstream } from '../types.js';

export interface VendingApiConfig {
  name: string;
  baseUrl: string;
  merchantCode: string;
  key: string;
  secret: string;
  options: Record<string, unknown>;
}

/** Placeholder until the vending-api client lands (issue 5): refuses to build, so no route silently works. */
export function createVendingApiUpstream(config: VendingApiConfig): Upstream {
  throw new Error(`vending-api upstream "${config.name}" is not available in this build yet`);
}
