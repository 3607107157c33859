import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Session } from '../api/types.js';

/** The signed-in user's session, for screens that offer writes only to those who may make them. */
export const SessionContext = createContext<Session | null>(null);

/** Whether the session may write (a `write` user); a read user's writes would be refused with 403. */
export function useCanWrite(): boolean {
  return useContext(SessionContext)?.user.permission === 'write';
}

/** Said where a read user would find a write control. */
export function ReadOnlyNote({ what }: { what: string }) {
  return <p class="note read-only">Your access is read-only: a user with write access can {what}.</p>;
}
