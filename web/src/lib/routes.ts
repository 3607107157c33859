/** The dashboard's screens and their paths; the server answers index.html for each of them. */
export type Screen =
  | { name: 'signIn' }
  | { name: 'setup' }
  | { name: 'reports' }
  | { name: 'overview'; reportId: string }
  | { name: 'prompts'; reportId: string }
  | { name: 'prompt'; reportId: string; promptId: string }
  | { name: 'citations'; reportId: string }
  | { name: 'recommendations'; reportId: string }
  | { name: 'detection'; reportId: string }
  | { name: 'agents'; reportId: string }
  | { name: 'alerts'; reportId: string }
  | { name: 'audits' }
  | { name: 'crawlabilityCheck'; checkId: string }
  | { name: 'contentCheck'; checkId: string }
  | { name: 'fanOuts' }
  | { name: 'fanOut'; fanOutId: string }
  | { name: 'workspaceAdmin' }
  | { name: 'teamAdmin' }
  | { name: 'webhooks' }
  | { name: 'webhookDeliveries'; webhookId: string }
  | { name: 'notFound' };

const REPORT_TABS = { prompts: 'prompts', citations: 'citations', recommendations: 'recommendations', detection: 'detection', agents: 'agents', alerts: 'alerts' } as const;

/** The GEO audit screens: `/audits`, `/audits/crawlability/{id}`, `/audits/content/{id}`. */
function auditScreenOf([kind, checkId, ...rest]: string[]): Screen {
  if (kind === undefined) return { name: 'audits' };
  if (checkId === undefined || rest.length > 0) return { name: 'notFound' };
  if (kind === 'crawlability') return { name: 'crawlabilityCheck', checkId };
  return kind === 'content' ? { name: 'contentCheck', checkId } : { name: 'notFound' };
}

/** The query fan-out screens: `/fan-outs` and `/fan-outs/{id}`. */
function fanOutScreenOf([fanOutId, ...rest]: string[]): Screen {
  if (fanOutId === undefined) return { name: 'fanOuts' };
  return rest.length > 0 ? { name: 'notFound' } : { name: 'fanOut', fanOutId };
}

/** The administration screens: `/admin/workspace` (prompts and tags), `/admin/team` (API keys, plan), `/admin/webhooks`. */
const ADMIN_SCREENS = new Map<string, Screen>([
  ['workspace', { name: 'workspaceAdmin' }],
  ['team', { name: 'teamAdmin' }],
  ['webhooks', { name: 'webhooks' }],
]);

/** `/admin/{screen}`, and a webhook's delivery log at `/admin/webhooks/{id}`. */
function adminScreenOf([screen, webhookId, ...rest]: string[]): Screen {
  if (screen === 'webhooks' && webhookId !== undefined && rest.length === 0) return { name: 'webhookDeliveries', webhookId };
  return (webhookId === undefined && ADMIN_SCREENS.get(screen ?? '')) || { name: 'notFound' };
}

export function screenOf(pathname: string): Screen {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'admin') return adminScreenOf(parts.slice(1));
  if (parts[0] === 'audits') return auditScreenOf(parts.slice(1));
  if (parts[0] === 'fan-outs') return fanOutScreenOf(parts.slice(1));
  const [first, reportId, tab, promptId, ...rest] = parts;
  if (parts.length === 0 || (first === 'reports' && reportId === undefined)) return { name: 'reports' };
  if (first === 'sign-in' && parts.length === 1) return { name: 'signIn' };
  if (first === 'setup' && parts.length === 1) return { name: 'setup' };
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
    case 'setup':
      return '/setup';
    case 'reports':
    case 'notFound':
      return '/reports';
    case 'overview':
      return `/reports/${encodeURIComponent(screen.reportId)}`;
    case 'prompt':
      return `/reports/${encodeURIComponent(screen.reportId)}/prompts/${encodeURIComponent(screen.promptId)}`;
    case 'audits':
      return '/audits';
    case 'crawlabilityCheck':
      return `/audits/crawlability/${encodeURIComponent(screen.checkId)}`;
    case 'contentCheck':
      return `/audits/content/${encodeURIComponent(screen.checkId)}`;
    case 'fanOuts':
      return '/fan-outs';
    case 'fanOut':
      return `/fan-outs/${encodeURIComponent(screen.fanOutId)}`;
    case 'workspaceAdmin':
      return '/admin/workspace';
    case 'teamAdmin':
      return '/admin/team';
    case 'webhooks':
      return '/admin/webhooks';
    case 'webhookDeliveries':
      return `/admin/webhooks/${encodeURIComponent(screen.webhookId)}`;
    default:
      return `/reports/${encodeURIComponent(screen.reportId)}/${screen.name}`;
  }
}
