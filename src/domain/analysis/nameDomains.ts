import { getDomainWithoutSuffix } from 'tldts';
import { registrableDomain, withoutWww } from './urls.js';

const compact = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Whether a cited domain plausibly is the site of a name: its registrable label is the name written without
 * spaces ("Close CRM" and closecrm.com, "monday.com" and monday.com), or the name's first word ("Zoho CRM" and
 * zoho.com) when that word is at least three characters long.
 */
export function nameMatchesDomain(name: string, domain: string): boolean {
  const registrable = registrableDomain(withoutWww(domain.toLowerCase()));
  const label = compact(getDomainWithoutSuffix(registrable) ?? registrable);
  if (label === '') return false;
  const whole = compact(name);
  const firstWord = compact(name.split(/\s+/u)[0] ?? '');
  return whole === label || whole === compact(registrable) || (firstWord.length >= 3 && firstWord === label);
}
