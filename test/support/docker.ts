import { describe } from '@jest/globals';

/** True when the jest globalSetup found a container runtime. */
export const dockerAvailable = process.env.GEOLENS_DOCKER === '1';

/**
 * `describe` for suites that need a real server: runs when the server's URL is configured or Docker can
 * start it, and otherwise is skipped with the reason printed once.
 */
export function describeRealServer(serverName: string, configuredUrl: string | undefined): typeof describe | typeof describe.skip {
  if (configuredUrl || dockerAvailable) return describe;
  const reason = process.env.GEOLENS_DOCKER_REASON ?? 'no container runtime';
  console.warn(`Skipping the ${serverName} suite: no URL configured and no Docker (${reason}).`);
  return describe.skip;
}
