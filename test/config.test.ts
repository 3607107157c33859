import { describe, expect, test } from '@jest/globals';
import { ConfigError, loadConfig } from '../src/config.js';
import { clockStartingAt } from '../src/background/clock.js';

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

describe('DATABASE_URL', () => {
  test('a postgres:// or postgresql:// URL selects PostgreSQL; unset leaves the embedded stores', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/geolens' }).databaseUrl).toBe('postgres://u:p@db:5432/geolens');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/geolens' }).databaseUrl).toBe('postgresql://db/geolens');
  });

  test('another scheme stops the start with one line naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/geolens' })).toThrow(
      new ConfigError('Invalid configuration: DATABASE_URL: must start with postgres:// or postgresql:// and name a server'),
    );
  });

  test('combined with EVENTSTORE_URL or MONGODB_URL stops the start, naming both', () => {
    const message = 'Invalid configuration: DATABASE_URL: may be combined with neither EVENTSTORE_URL nor MONGODB_URL';
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/g', EVENTSTORE_URL: 'esdb://es:2113' })).toThrow(new ConfigError(message));
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/g', MONGODB_URL: 'mongodb://mongo' })).toThrow(new ConfigError(message));
  });
});

describe('SMTP_URL', () => {
  test('an smtp:// or smtps:// URL turns e-mail on; unset leaves it off', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com' }).smtpUrl).toBe('smtps://user:pass@mail.example.com');
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });

  test('another scheme stops the start with one line naming the variable (not the value)', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail' })).toThrow(new ConfigError('Invalid configuration: SMTP_URL: must start with smtp:// or smtps:// and name a server'));
  });
});

describe('GEOLENS_CLOCK_START', () => {
  test('an ISO instant sets where the clock starts; unset leaves the system clock', () => {
    expect(loadConfig({ GEOLENS_CLOCK_START: '2026-11-15T10:00:00.000Z' }).clockStart).toEqual(new Date('2026-11-15T10:00:00.000Z'));
    expect(loadConfig({ GEOLENS_CLOCK_START: '2026-11-15T11:00:00+01:00' }).clockStart).toEqual(new Date('2026-11-15T10:00:00.000Z'));
    expect(loadConfig({}).clockStart).toBeUndefined();
  });

  test('anything but an ISO instant stops the start with one line naming the variable', () => {
    expect(() => loadConfig({ GEOLENS_CLOCK_START: 'yesterday' })).toThrow(/^Invalid configuration: GEOLENS_CLOCK_START: /);
    expect(() => loadConfig({ GEOLENS_CLOCK_START: '2026-11-15' })).toThrow(/^Invalid configuration: GEOLENS_CLOCK_START: /);
  });

  test('the clock it makes starts at the instant and runs at real speed', async () => {
    const clock = clockStartingAt(new Date('2026-11-15T10:00:00.000Z'));
    const first = clock.now().getTime();
    expect(first - Date.parse('2026-11-15T10:00:00.000Z')).toBeGreaterThanOrEqual(0);
    expect(first - Date.parse('2026-11-15T10:00:00.000Z')).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clock.now().getTime() - first).toBeGreaterThanOrEqual(25);
  });
});
