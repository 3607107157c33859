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
