/**
 * Pages that bot-protection services answer instead of the content: a JavaScript or CAPTCHA challenge
 * ("Just a moment...") or a block page. A crawler that runs no JavaScript never gets past them.
 */

export interface BotChallenge {
  /** Who serves it ("Cloudflare", "DataDome"). */
  vendor: string;
  /** The marker found, quoted in descriptions. */
  marker: string;
}

interface ChallengeMarker {
  vendor: string;
  /** Matched against the markup. */
  pattern: RegExp;
}

const MARKERS: readonly ChallengeMarker[] = [
  { vendor: 'Cloudflare', pattern: /<title>\s*Just a moment\.\.\.\s*<\/title>/i },
  { vendor: 'Cloudflare', pattern: /<title>\s*Attention Required! \| Cloudflare\s*<\/title>/i },
  { vendor: 'Cloudflare', pattern: /window\._cf_chl_opt|\/cdn-cgi\/challenge-platform\/|cf-browser-verification|cf_chl_prog/i },
  { vendor: 'Cloudflare', pattern: /Checking (?:if the site connection is secure|your browser before accessing)/i },
  { vendor: 'DataDome', pattern: /(?:geo|ct)\.captcha-delivery\.com/i },
  { vendor: 'HUMAN (PerimeterX)', pattern: /_pxCaptcha|px-captcha|captcha\.px-cdn\.net/i },
  { vendor: 'Imperva (Incapsula)', pattern: /_Incapsula_Resource|Incapsula incident ID/i },
  { vendor: 'Akamai', pattern: /errors\.edgesuite\.net|<title>\s*Access Denied\s*<\/title>[\s\S]*Reference #\d/i },
  { vendor: 'AWS WAF', pattern: /window\.awsWafCookieDomainList|window\.gokuProps/i },
  { vendor: 'Sucuri', pattern: /Sucuri WebSite Firewall - Access Denied/i },
  { vendor: 'Vercel', pattern: /<title>\s*Vercel Security Checkpoint\s*<\/title>/i },
  { vendor: 'DDoS-Guard', pattern: /<title>\s*DDoS-Guard\s*<\/title>|check\.ddos-guard\.net/i },
  { vendor: 'Anubis', pattern: /<title>\s*Making sure you(?:&#39;|')re not a bot!\s*<\/title>|anubis_challenge/i },
];

/** Cloudflare marks its challenge answers with this header, whatever their markup. */
const CHALLENGE_HEADER = { name: 'cf-mitigated', value: 'challenge' };

/** The challenge `html` (answered with `headers`) is, or null when it reads as an ordinary page. */
export function detectBotChallenge(html: string, headers: Record<string, string> = {}): BotChallenge | null {
  if (headers[CHALLENGE_HEADER.name]?.toLowerCase() === CHALLENGE_HEADER.value) {
    return { vendor: 'Cloudflare', marker: `${CHALLENGE_HEADER.name}: ${CHALLENGE_HEADER.value}` };
  }
  for (const { vendor, pattern } of MARKERS) {
    const found = pattern.exec(html);
    if (found !== null) return { vendor, marker: found[0].replace(/\s+/g, ' ').slice(0, 80) };
  }
  return null;
}
