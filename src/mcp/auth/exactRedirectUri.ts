import express, { type RequestHandler } from 'express';
import { findOAuthClient } from '../../app/oauth/clients.js';
import type { AppContext } from '../../app/shared/context.js';

const textField = (fields: unknown, name: string): string | undefined => {
  const value = typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * Mounted before the SDK's authorization handler. That handler accepts a loopback redirect URI on any port
 * (RFC 8252, 7.3) and sends its own refusals (plain PKCE, a missing challenge) there; geolens wants the
 * registered URI exactly, so any other is answered 400 here and never redirected to.
 */
export function exactRedirectUri(context: AppContext): RequestHandler[] {
  return [
    express.urlencoded({ extended: false }),
    async (request, response, next) => {
      const fields: unknown = request.method === 'POST' ? request.body : request.query;
      const clientId = textField(fields, 'client_id');
      const redirectUri = textField(fields, 'redirect_uri');
      const client = clientId === undefined || redirectUri === undefined ? null : await findOAuthClient(context, clientId);
      if (client === null || client.redirectUris.includes(redirectUri as string)) {
        next();
        return;
      }
      response.status(400).set('Cache-Control', 'no-store').json({ error: 'invalid_request', error_description: `redirect_uri ${redirectUri} is not registered for this client` });
    },
  ];
}
