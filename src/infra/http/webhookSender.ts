import type { WebhookSender } from '../../ports/webhooks.js';
import { anyAddress, publicAddressesOnly } from './addressPolicy.js';
import { systemHostResolver, type HostResolver } from './hostResolver.js';
import { checkHop } from './pinnedEndpoint.js';
import { createSafeFetcher } from './safeFetcher.js';
import { FetchFailedError } from '../../ports/web.js';

export interface WebhookSenderOptions {
  /** `AUDIT_ALLOW_PRIVATE_NETWORKS=1`: lets every address through. */
  allowPrivateNetworks?: boolean;
  resolveHost?: HostResolver;
}

/** Webhook deliveries through the audit fetcher: the same address rules on the target and on every redirect hop. */
export function createWebhookSender(options: WebhookSenderOptions = {}): WebhookSender {
  const policy = options.allowPrivateNetworks ? anyAddress : publicAddressesOnly;
  const resolveHost = options.resolveHost ?? systemHostResolver;
  const fetcher = createSafeFetcher({ addressPolicy: policy, resolveHost });
  return {
    async checkTarget(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new FetchFailedError('invalidUrl', `not a valid URL: ${url}`);
      }
      await checkHop({ url: parsed, redirectedFrom: null }, policy, resolveHost);
    },
    async post(url, headers, body) {
      const answer = await fetcher.follow({ url, method: 'POST', headers, body: Buffer.from(body) });
      return { status: answer.status };
    },
  };
}
