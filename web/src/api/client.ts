import type { Session } from './types.js';

/** One field's problem in a 400's `errors`: its dotted path in the request and the API's message. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** A refused or failed call, with the API's own message (and a 400's field issues): the page shows it, never a blank screen. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
const unauthorizedListeners = new Set<(message: string) => void>();

/** Called with the API's message when a call finds the session gone (expired or signed out elsewhere). */
export function onUnauthorized(listener: (message: string) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The header a write through the session cookie carries, for requests made without `api`. */
export const csrfHeaders = (): Record<string, string> => (csrfToken ? { 'x-csrf-token': csrfToken } : {});

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { message?: string; retryAfterSeconds?: number; errors?: FieldIssue[] };
  const message = body.message ?? `The server answered ${response.status}`;
  return new ApiError(response.status, message, body.retryAfterSeconds ?? null, body.errors ?? []);
}

async function request<T>(method: string, path: string, body?: unknown, options: { quiet?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, { method, headers, credentials: 'same-origin', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!response.ok) {
    const error = await errorOf(response);
    if (response.status === 401 && !options.quiet && !path.startsWith('/auth/')) for (const listener of unauthorizedListeners) listener(error.message);
    throw error;
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Reads started before the screen asked for them (see prefetch.ts); each is taken once. */
const started = new Map<string, Promise<unknown>>();

export function prefetch(paths: readonly string[]): void {
  for (const path of paths) {
    const read = request('GET', path, undefined, { quiet: true });
    read.catch(() => undefined);
    started.set(path, read);
  }
}

function take<T>(path: string): Promise<T> | undefined {
  const read = started.get(path);
  started.delete(path);
  return read as Promise<T> | undefined;
}

export const api = {
  get: <T>(path: string) => take<T>(path) ?? request<T>('GET', path),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
  delete: (path: string) => request<void>('DELETE', path),
};

function remember(session: Session): Session {
  csrfToken = session.csrfToken;
  return session;
}

/** The session check, started as the script loads. */
let sessionCheck: Promise<Session> | null = null;

export const sessions = {
  start(): void {
    sessionCheck = request<Session>('GET', '/auth/session');
    sessionCheck.catch(() => undefined);
  },
  async current(): Promise<Session> {
    const check = sessionCheck ?? request<Session>('GET', '/auth/session');
    sessionCheck = null;
    return remember(await check);
  },
  signIn: async (email: string, password: string) => remember(await request<Session>('POST', '/auth/session', { email, password })),
  /** The first admin of an empty install: creates the team, workspace and user, and signs them in. */
  async setup(fields: { token: string; teamName: string; workspaceName: string; email: string; password: string }): Promise<Session & { workspaceId: string }> {
    const created = await request<Session & { workspaceId: string }>('POST', '/setup', fields);
    remember(created);
    return created;
  },
  async signOut(): Promise<void> {
    await request<void>('DELETE', '/auth/session');
    csrfToken = null;
  },
};
