/**
 * The audit fetcher: every request of a GEO audit goes through `createSafeFetcher`,
 * whose SSRF guard resolves each hop's host once, refuses non-public addresses and connects to exactly the
 * address it checked.
 */
export { anyAddress, publicAddressesOnly, refusalOf, type AddressPolicy, type Endpoint } from './addressPolicy.js';
export { systemHostResolver, type HostResolver } from './hostResolver.js';
export {
  AUDIT_MAX_BODY_BYTES,
  AUDIT_MAX_REDIRECTS,
  AUDIT_REQUEST_TIMEOUT_MS,
  createSafeFetcher,
  type ExchangeAnswer,
  type ExchangeRequest,
  type SafeFetcher,
  type SafeFetcherOptions,
} from './safeFetcher.js';
export { createWebhookSender, type WebhookSenderOptions } from './webhookSender.js';
