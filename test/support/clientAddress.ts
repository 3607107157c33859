import { Agent, fetch as undiciFetch } from 'undici';

/**
 * `fetch` whose connections leave from `localAddress`: on Linux all of 127.0.0.0/8 is loopback, so a test can
 * reach the server on 127.0.0.1 as another client address (127.0.0.2, …).
 */
export function fetchFrom(localAddress: string): typeof fetch {
  const dispatcher = new Agent({ localAddress });
  const send = (input: string | URL, init: RequestInit = {}) => undiciFetch(input, { ...(init as object), dispatcher });
  return send as unknown as typeof fetch;
}
