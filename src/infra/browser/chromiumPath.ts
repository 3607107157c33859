import { existsSync } from 'node:fs';
import type { BrowserAvailability } from '../../ports/web.js';

/** Where Debian's, Ubuntu's and Google's packages install the browser, in the order tried. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'] as const;

const INSTALL = 'install one (Debian and Ubuntu: apt-get install -y chromium)';

/**
 * The browser content checks render with. An explicit `CHROMIUM_PATH` is used as given: when it names no file the
 * browser is unavailable (never replaced by another one found elsewhere). Without it, the first candidate that
 * exists. Read on every call, so a browser installed while the service runs is used from then on.
 */
export function locateChromium(configuredPath: string | undefined, exists: (path: string) => boolean = existsSync): BrowserAvailability {
  if (configuredPath !== undefined) {
    return exists(configuredPath)
      ? { state: 'ready', executablePath: configuredPath }
      : { state: 'unavailable', reason: `No browser at CHROMIUM_PATH=${configuredPath}: ${INSTALL}, or point CHROMIUM_PATH at a Chromium or Chrome executable` };
  }
  const found = CHROMIUM_CANDIDATES.find((candidate) => exists(candidate));
  return found === undefined
    ? { state: 'unavailable', reason: `No browser found at ${CHROMIUM_CANDIDATES.join(', ')}: ${INSTALL}, or set CHROMIUM_PATH` }
    : { state: 'ready', executablePath: found };
}
