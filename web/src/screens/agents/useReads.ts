import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../../api/client.js';
import type { Loaded } from '../../components/useApi.js';

/** Several reads at once: every answer by its path once all have come, or the first refusal. */
export function useReads<T>(paths: readonly string[], refresh: number): Loaded<Map<string, T>> {
  const [loaded, setLoaded] = useState<Loaded<Map<string, T>>>({ state: 'loading' });
  // The paths are compared by their text: a new array of the same paths reads nothing again.
  const key = paths.join('\n');
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    Promise.all(paths.map((path) => api.get<T>(path).then((answer) => [path, answer] as const))).then(
      (read) => current && setLoaded({ state: 'ready', data: new Map(read) }),
      (error: unknown) => current && setLoaded({ state: 'failed', error: error instanceof ApiError ? error : new ApiError(0, String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [key, refresh]);
  return loaded;
}
