import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api/client.js';

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; error: ApiError } | { state: 'ready'; data: T };

/** Reads one operation's answer; a new path reads again, and a late answer for an old path is dropped. */
export function useApi<T>(path: string | null, refresh = 0): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setLoaded({ state: 'loading' });
    api.get<T>(path).then(
      (data) => current && setLoaded({ state: 'ready', data }),
      (error: unknown) => current && setLoaded({ state: 'failed', error: error instanceof ApiError ? error : new ApiError(0, String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [path, refresh]);
  return loaded;
}
