import { describe, expect, test } from '@jest/globals';
import { COUNTRY_CODES, countryCodeSchema, isCountryCode } from '../../../src/domain/shared/countries.js';

describe('country codes', () => {
  test('holds the 249 ISO 3166-1 alpha-2 codes, lowercase, once each', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((code) => /^[a-z]{2}$/.test(code))).toBe(true);
  });

  test('uses uk in place of gb', () => {
    expect(isCountryCode('uk')).toBe(true);
    expect(isCountryCode('gb')).toBe(false);
  });

  test.each(['us', 'de', 'fr', 'jp', 'br', 'ax', 'ss'])('%s is a country code', (code) => {
    expect(isCountryCode(code)).toBe(true);
  });

  test.each(['US', 'usa', 'xx', 'eu', 'zz', ''])('%j is not a country code', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });

  test('the schema refuses gb with a hint to use uk', () => {
    const result = countryCodeSchema.safeParse('gb');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/use "uk"/i);
  });
});
