import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api/client.js';
import type { Loaded } from './useApi.js';

/** How often a run still pending or running is read again. */
export const FOLLOW_MS = 1000;

const isUnderway = (status: string) => status === 'pending' || status === 'running';

/**
 * Reads a background run (a GEO audit or a fan-out) and reads it again every second while it is pending or
 * running, keeping the last answer on the screen meanwhile; it stops at `completed` or `failed`.
 */
export function useFollow<T extends { status: string }>(path: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      api.get<T>(path).then(
        (data) => {
          if (!current) return;
          setLoaded({ state: 'ready', data });
          if (isUnderway(data.status)) timer = setTimeout(read, FOLLOW_MS);
        },
        (error: unknown) => current && setLoaded({ state: 'failed', error: error instanceof ApiError ? error : new ApiError(0, String(error)) }),
      );
    setLoaded({ state: 'loading' });
    void read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [path]);
  return loaded;
}
