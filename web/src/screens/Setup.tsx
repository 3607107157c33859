import { useState } from 'preact/hooks';
import { ApiError, sessions } from '../api/client.js';
import type { Session } from '../api/types.js';

const FIELDS = [
  { name: 'teamName', label: 'Team name', type: 'text', autocomplete: 'organization', hint: 'Your company or agency' },
  { name: 'workspaceName', label: 'First workspace', type: 'text', autocomplete: 'off', hint: 'Where your prompts and reports live, e.g. your brand' },
  { name: 'email', label: 'Your e-mail', type: 'email', autocomplete: 'username', hint: 'You sign in with it' },
  { name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: 'At least 12 characters' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

/** The one-time setup of an empty install: the URL `serve` printed carries the token; the admin is signed in after. */
export function Setup({ token, onSignedIn }: { token: string | null; onSignedIn: (session: Session, workspaceId: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const value = (name: FieldName) => String(form.get(name) ?? '');
    setBusy(true);
    try {
      const created = await sessions.setup({ token: token ?? '', teamName: value('teamName'), workspaceName: value('workspaceName'), email: value('email'), password: value('password') });
      onSignedIn(created, created.workspaceId);
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      setIssues(Object.fromEntries((apiError?.issues ?? []).map(({ path, message }) => [path, message])));
      setError(apiError ? (apiError.status === 400 ? 'Some fields need a change.' : apiError.message) : 'The server could not be reached; try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in" id="main">
      <h1>Set up geolens</h1>
      <p>Create your team, its first workspace and your admin account. This page works once.</p>
      {error && (
        <p class="failure" role="alert" id="setup-message">
          {error}
        </p>
      )}
      <form onSubmit={submit} aria-describedby={error ? 'setup-message' : undefined}>
        {FIELDS.map(({ name, label, type, autocomplete, hint }) => (
          <div key={name} class="field">
            <label for={name}>{label}</label>
            <input
              id={name}
              name={name}
              type={type}
              autocomplete={autocomplete}
              required
              minLength={name === 'password' ? 12 : undefined}
              aria-invalid={issues[name] ? 'true' : undefined}
              aria-describedby={`${name}-hint`}
            />
            <span class="hint" id={`${name}-hint`}>
              {issues[name] ?? hint}
            </span>
          </div>
        ))}
        <button type="submit" disabled={busy}>
          Create and sign in
        </button>
      </form>
    </main>
  );
}
