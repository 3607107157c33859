import type { CountryCode } from '../domain/shared/countries.js';

/** ISO 3166-1 alpha-2 as the LLM providers document it (`GB`, uppercase); geolens says `uk`. */
export function isoCountry(country: CountryCode): string {
  return country === 'uk' ? 'GB' : country.toUpperCase();
}
