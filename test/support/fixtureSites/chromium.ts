import { describe } from '@jest/globals';
import { locateChromium } from '../../../src/infra/browser/index.js';

/**
 * `describe` for suites that render in Chromium: skipped, with the reason printed once, where no browser is
 * installed at the usual paths (`apt-get install -y chromium`).
 */
export function describeWithChromium(): typeof describe | typeof describe.skip {
  const browser = locateChromium(undefined);
  if (browser.state === 'ready') return describe;
  console.warn(`Skipping a rendering suite: ${browser.reason}.`);
  return describe.skip;
}
