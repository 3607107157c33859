import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { OAuthScope } from '../../domain/oauth/scopes.js';

/** The authorization request, carried through the form in hidden fields (and validated again when posted). */
export interface HiddenFields {
  client_id: string;
  redirect_uri: string;
  response_type: 'code';
  code_challenge: string;
  code_challenge_method: 'S256';
  scope?: string;
  state?: string;
  resource?: string;
}

export interface AuthorizePageContent {
  clientName: string;
  redirectUri: string;
  scopes: readonly OAuthScope[];
  /** The authorization endpoint, where the form posts. */
  action: string;
  hiddenFields: HiddenFields;
  /** Shown above the form after a failed sign-in. */
  error?: string;
  /** Kept in the e-mail field after a failed sign-in; never the password. */
  email?: string;
}

const SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
  read: 'Read your workspaces, brand reports, prompts, citations, audits and query fan-outs',
  write: 'Create and change prompts, tags, audits and query fan-outs (only if your account may write)',
};

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}',
  'main{max-width:26rem;margin:3rem auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 4px #0002}',
  'h1{font-size:1.3rem;margin:0 0 1rem}ul{padding-left:1.2rem}label{display:block;margin:.8rem 0 .2rem;font-weight:600}',
  'input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #aab;border-radius:4px;font:inherit}',
  '.error{background:#fde8e8;color:#8a1c1c;padding:.6rem .8rem;border-radius:4px}.origin{color:#556;font-size:.9rem;word-break:break-all}',
  '.actions{display:flex;gap:.6rem;margin-top:1.2rem}button{flex:1;padding:.6rem;border-radius:4px;border:1px solid #2451b3;font:inherit;cursor:pointer}',
  'button[value=allow]{background:#2451b3;color:#fff}button[value=deny]{background:#fff;color:#2451b3}',
].join('');

/** The page's only stylesheet is inline, allowed by its hash: no script, no external resource at all. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

/**
 * Chromium applies `form-action` to the redirect that answers a form post too, so the policy allows the
 * authorization endpoint and the client's redirect origin. CSP host sources cannot name an IPv6 literal
 * (`http://[::1]:port`): for such a redirect the directive is left out rather than made to block the answer.
 */
function contentSecurityPolicy(action: string, redirectUri: string): string {
  const redirect = new URL(redirectUri);
  const formAction = redirect.hostname.startsWith('[') ? [] : [`form-action ${new URL(action).origin} ${redirect.origin}`];
  return ["default-src 'none'", `style-src ${STYLE_HASH}`, "base-uri 'none'", "frame-ancestors 'none'", ...formAction].join('; ');
}

function pageHtml(content: AuthorizePageContent): string {
  const hidden = Object.entries(content.hiddenFields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const scopes = content.scopes.map((scope) => `<li><strong>${scope}</strong>: ${escapeHtml(SCOPE_DESCRIPTIONS[scope])}</li>`).join('');
  const error = content.error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(content.error)}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Sign in to geolens</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Sign in to geolens</h1>
<p><strong id="client-name">${escapeHtml(content.clientName)}</strong> asks to access your geolens account with the scope <strong id="scope">${escapeHtml(content.scopes.join(' '))}</strong>:</p>
<ul>${scopes}</ul>
<p class="origin">After you answer, you are sent back to ${escapeHtml(new URL(content.redirectUri).origin)}</p>
${error}
<form method="post" action="${escapeHtml(content.action)}">
${hidden}
<label for="email">E-mail</label>
<input id="email" type="email" name="email" autocomplete="username" value="${escapeHtml(content.email ?? '')}">
<label for="password">Password</label>
<input id="password" type="password" name="password" autocomplete="current-password">
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>
</main>
</body>
</html>
`;
}

/** Answers the sign-in and consent page, with headers that keep it out of frames, caches and referrers. */
export function sendAuthorizePage(response: Response, content: AuthorizePageContent, status = 200): void {
  response
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy(content.action, content.redirectUri),
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    })
    .send(pageHtml(content));
}
