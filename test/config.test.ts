import { describe, expect, test } from '@jest/globals';
import { ConfigError, loadConfig } from '../src/config.js';

describe('CHROMIUM_PATH', () => {
  test('unset or empty: undefined, so the usual install paths are tried', () => {
    expect(loadConfig({}).chromiumPath).toBeUndefined();
    expect(loadConfig({ CHROMIUM_PATH: ' ' }).chromiumPath).toBeUndefined();
  });

  test('an absolute path is taken as given', () => {
    expect(loadConfig({ CHROMIUM_PATH: '/opt/chrome/chrome' }).chromiumPath).toBe('/opt/chrome/chrome');
  });

  test('a relative path stops the start with one line naming the variable', () => {
    expect(() => loadConfig({ CHROMIUM_PATH: 'chromium' })).toThrow(new ConfigError('Invalid configuration: CHROMIUM_PATH: must be an absolute path to a Chromium or Chrome executable'));
  });
});
