import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { CLIENT_ROUTE } from './clientRoutes.js';


/** Hashed file names change with their content, so a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Everything the page loads comes from this origin; nothing from the internet. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const pageHeaders = {
  'Cache-Control': 'no-cache',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>geolens</title><p>The dashboard is not built. Run <code>npm run build:web</code> and reload.</p>';

/**
 * Serves the built dashboard (`web/dist`): `index.html` for `/` and the client routes, without caching, and the
 * hashed `/assets/*` with a year's immutable cache. Mounted after every API route, so it never shadows one;
 * any other path falls through to the API's 404.
 */
export function dashboard(distDir: string): RequestHandler {
  const router = Router();
  const indexFile = join(distDir, 'index.html');
  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      index: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: (response) => response.setHeader('Cache-Control', IMMUTABLE).setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  );
  router.get(CLIENT_ROUTE, (_request, response, next) => {
    if (!existsSync(indexFile)) {
      response.status(503).set(pageHeaders).type('html').send(NOT_BUILT);
      return;
    }
    response.set(pageHeaders).sendFile(indexFile, { lastModified: true, cacheControl: false }, (error) => error && next(error));
  });
  return router;
}
