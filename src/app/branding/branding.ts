import type { PageBranding } from '../reportPage/document.js';
import type { Services } from '../shared/services.js';

/** How a page shows the logo: `embedded` in the page itself (a PDF), or from `served`, a path of this server. */
export type LogoPlacement = 'embedded' | { served: string };

/** The workspace's branding for a report page. */
export async function reportBranding(_services: Services, _workspaceId: string, _logo: LogoPlacement): Promise<PageBranding> {
  return { name: null, accentColor: null, logoSrc: null };
}
