import { existsSync } from 'node:fs';
import { describe } from '@jest/globals';
import { CHROMIUM_PATH } from '../../../src/infra/browser/index.js';

/**
 * `describe` for suites that render in Chromium: skipped, with the reason printed once, where Debian's
 * chromium is not installed (`apt-get install -y chromium`).
 */
export function describeWithChromium(): typeof describe | typeof describe.skip {
  if (existsSync(CHROMIUM_PATH)) return describe;
  console.warn(`Skipping a rendering suite: ${CHROMIUM_PATH} is missing (apt-get install -y chromium).`);
  return describe.skip;
}
