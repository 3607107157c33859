import { ServiceUnavailableError } from '../../domain/shared/errors.js';
import type { Services } from '../shared/services.js';
import type { ShareFigures } from './figures.js';
import { reportDocument, type PageBranding } from './document.js';

/** The report's overview printed to an A4 PDF from its page's print layout; 503 naming what to install without a browser. */
export async function printReport(services: Services, figures: ShareFigures, branding: PageBranding, teamId: string): Promise<Uint8Array> {
  const browser = services.browser();
  if (browser.state === 'unavailable') throw new ServiceUnavailableError(`Report PDFs are printed by a browser. ${browser.reason}.`);
  const { html } = reportDocument(figures, branding, services.clock.now());
  return services.reportPrinter.print(html, teamId);
}
