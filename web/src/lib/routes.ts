/** The dashboard's screens and their paths; the server answers index.html for each of them. */
export type Screen =
  | { name: 'signIn' }
  | { name: 'reports' }
  | { name: 'overview'; reportId: string }
  | { name: 'prompts'; reportId: string }
  | { name: 'prompt'; reportId: string; promptId: string }
  | { name: 'citations'; reportId: string }
  | { name: 'recommendations'; reportId: string }
  | { name: 'detection'; reportId: string }
  | { name: 'notFound' };

const REPORT_TABS = { prompts: 'prompts', citations: 'citations', recommendations: 'recommendations', detection: 'detection' } as const;

export function screenOf(pathname: string): Screen {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, reportId, tab, promptId, ...rest] = parts;
  if (parts.length === 0 || (first === 'reports' && reportId === undefined)) return { name: 'reports' };
  if (first === 'sign-in' && parts.length === 1) return { name: 'signIn' };
  if (first !== 'reports' || reportId === undefined || rest.length > 0) return { name: 'notFound' };
  if (tab === undefined) return { name: 'overview', reportId };
  if (tab === 'prompts' && promptId !== undefined) return { name: 'prompt', reportId, promptId };
  if (promptId !== undefined || !(tab in REPORT_TABS)) return { name: 'notFound' };
  return { name: REPORT_TABS[tab as keyof typeof REPORT_TABS], reportId };
}

export function pathOf(screen: Screen): string {
  switch (screen.name) {
    case 'signIn':
      return '/sign-in';
    case 'reports':
    case 'notFound':
      return '/reports';
    case 'overview':
      return `/reports/${encodeURIComponent(screen.reportId)}`;
    case 'prompt':
      return `/reports/${encodeURIComponent(screen.reportId)}/prompts/${encodeURIComponent(screen.promptId)}`;
    default:
      return `/reports/${encodeURIComponent(screen.reportId)}/${screen.name}`;
  }
}
