import { useState } from 'preact/hooks';
import { ApiError, sessions } from '../api/client.js';
import type { Session } from '../api/types.js';

/** What the form says for each refusal of `POST /auth/session`. */
export function signInMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The server could not be reached; try again.';
  if (error.status === 429) return `Too many attempts. Try again in ${error.retryAfterSeconds ?? 60} seconds.`;
  return error.message;
}

export function SignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn: (session: Session) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    try {
      onSignedIn(await sessions.signIn(String(form.get('email')), String(form.get('password'))));
    } catch (failure) {
      setError(signInMessage(failure));
      (document.getElementById('password') as HTMLInputElement | null)?.select();
    } finally {
      setBusy(false);
    }
  };
  const message = error ?? notice;
  return (
    <main class="sign-in" id="main">
      <h1>Sign in to geolens</h1>
      {message && (
        <p class="failure" role="alert" id="sign-in-message">
          {message}
        </p>
      )}
      <form onSubmit={submit} aria-describedby={message ? 'sign-in-message' : undefined}>
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="username" required />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
