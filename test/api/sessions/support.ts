import { createUser } from '../../../src/app/credentials/credentials.js';
import type { Permission, WorkspaceScope } from '../../../src/domain/shared/access.js';
import type { TestApi } from '../support/testApi.js';

export const PASSWORD = 'correct horse battery staple';

export interface SessionBody {
  user: { id: string; email: string; teamId: string; permission: Permission; workspaceIds: string[] | null };
  csrfToken: string;
  idleExpiresAt: string;
}

export interface SignedIn {
  status: number;
  /** The `Set-Cookie` header as sent. */
  setCookie: string | null;
  /** `geolens_session=<id>`: what a browser sends back in `Cookie`. */
  cookie: string;
  sessionId: string;
  body: SessionBody;
}

export async function seedUser(api: TestApi, user: { teamId: string; email: string; permission?: Permission; workspaceIds?: WorkspaceScope }): Promise<string> {
  const { teamId, email, permission = 'write', workspaceIds = 'all' } = user;
  const created = await createUser(api.context, { teamId, email, permission, workspaceIds, password: PASSWORD });
  await api.settle();
  return created.id;
}

export async function signIn(api: TestApi, email: string, password = PASSWORD, send: typeof fetch = fetch): Promise<SignedIn> {
  const response = await send(`${api.url}/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const setCookie = response.headers.get('set-cookie');
  const cookie = setCookie?.split(';')[0] ?? '';
  return { status: response.status, setCookie, cookie, sessionId: cookie.split('=')[1] ?? '', body: (await response.json()) as SessionBody };
}
