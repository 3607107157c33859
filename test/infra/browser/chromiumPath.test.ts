import { describe, expect, test } from '@jest/globals';
import { CHROMIUM_CANDIDATES, locateChromium } from '../../../src/infra/browser/chromiumPath.js';

const installed = (...paths: string[]) => (path: string) => paths.includes(path);

describe('locating the browser content checks render with', () => {
  test('without CHROMIUM_PATH, the first usual install path that exists, in the contract’s order', () => {
    expect(CHROMIUM_CANDIDATES).toEqual(['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']);
    expect(locateChromium(undefined, installed('/usr/bin/google-chrome', '/usr/bin/chromium-browser'))).toEqual({ state: 'ready', executablePath: '/usr/bin/chromium-browser' });
    expect(locateChromium(undefined, installed('/usr/bin/google-chrome'))).toEqual({ state: 'ready', executablePath: '/usr/bin/google-chrome' });
  });

  test('none found: unavailable, saying how to install one', () => {
    const browser = locateChromium(undefined, installed());
    expect(browser).toEqual({ state: 'unavailable', reason: expect.stringContaining('apt-get install -y chromium') });
  });

  test('an explicit CHROMIUM_PATH is used as given', () => {
    expect(locateChromium('/opt/chrome/chrome', installed('/opt/chrome/chrome', '/usr/bin/chromium'))).toEqual({ state: 'ready', executablePath: '/opt/chrome/chrome' });
  });

  test('an explicit CHROMIUM_PATH that names no file is reported, never replaced by a browser found elsewhere', () => {
    const browser = locateChromium('/opt/missing/chrome', installed('/usr/bin/chromium'));
    expect(browser).toEqual({ state: 'unavailable', reason: expect.stringContaining('CHROMIUM_PATH=/opt/missing/chrome') });
  });
});
