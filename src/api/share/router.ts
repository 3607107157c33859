import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { logoImage, reportBranding } from '../../app/branding/branding.js';
import { refusalDocument, reportDocument } from '../../app/reportPage/document.js';
import { printReport } from '../../app/reportPage/pdf.js';
import { isShareDataPath, readShareData, shareFigures } from '../../app/shareLinks/figures.js';
import { openShareLink } from '../../app/shareLinks/open.js';
import type { Services } from '../../app/shared/services.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import type { ShareLinkDoc } from '../../projections/shareLinks/reader.js';

/** Every answer under /share: never cached, never indexed, and the token never sent on as a referrer. */
const SHARE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex', 'X-Content-Type-Options': 'nosniff' };

/** A refusal as a plain page for the page itself, as JSON `{message}` for its data. */
function refuse(response: Response, error: unknown, asPage: boolean, log: Logger): void {
  const known = error instanceof DomainError;
  if (!known) log.error({ err: error }, 'share request failed');
  const status = known ? error.status : 500;
  const message = known ? error.message : 'Internal server error';
  response.status(status);
  if (asPage) response.type('html').send(refusalDocument(status, message));
  else response.json({ message });
}

type ShareHandler = (link: ShareLinkDoc, request: Request, response: Response, services: Services) => Promise<void>;

async function sendPage(link: ShareLinkDoc, request: Request, response: Response, services: Services): Promise<void> {
  const token = String(request.params.token);
  const figures = await shareFigures(services, link, request.log);
  const branding = await reportBranding(services, link.workspaceId, { served: `/share/${token}/logo` });
  const page = reportDocument(figures, branding, services.clock.now());
  response.set('Content-Security-Policy', page.contentSecurityPolicy).type('html').send(page.html);
}

async function sendPdf(link: ShareLinkDoc, request: Request, response: Response, services: Services): Promise<void> {
  const figures = await shareFigures(services, link, request.log);
  const pdf = await printReport(services, figures, await reportBranding(services, link.workspaceId, 'embedded'), link.teamId);
  response.type('application/pdf').send(Buffer.from(pdf));
}

async function sendData(link: ShareLinkDoc, request: Request, response: Response, services: Services): Promise<void> {
  const rest: unknown = request.params.rest;
  const path = Array.isArray(rest) ? rest.join('/') : String(rest);
  if (!isShareDataPath(path)) throw new NotFoundError(`A share link reaches only its page, its PDF and its data (stats, prompts, citations/stats)`);
  response.json(await readShareData(services, link, path, request.log));
}

async function sendLogo(link: ShareLinkDoc, _request: Request, response: Response, services: Services): Promise<void> {
  const logo = await logoImage(services, link.workspaceId);
  if (logo === null) throw new NotFoundError('This report has no logo');
  response.type(logo.contentType).send(logo.bytes);
}

function shareRoute(services: Services, handler: ShareHandler, asPage: boolean) {
  return async (request: Request, response: Response): Promise<void> => {
    response.set(SHARE_HEADERS);
    try {
      const link = await openShareLink(services, String(request.params.token));
      await handler(link, request, response, services);
    } catch (error) {
      refuse(response, error, asPage, request.log);
    }
  };
}

/**
 * `/share/{token}` and the paths under it: the report's overview page, its PDF and the data behind them, for
 * the link's report and filters only. Nothing here reads a credential: the token is the only key, and it opens
 * nothing under /v1. Only GET and HEAD are answered.
 */
export function shareRouter(services: Services): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get('/share/:token', shareRoute(services, sendPage, true));
  router.get('/share/:token/report.pdf', shareRoute(services, sendPdf, false));
  router.get('/share/:token/logo', shareRoute(services, sendLogo, false));
  router.get('/share/:token/*rest', shareRoute(services, sendData, false));
  router.all(['/share', '/share/*rest'], (_request, response) => {
    response.set(SHARE_HEADERS).status(404).type('html').send(refusalDocument(404, 'This share link does not exist or was revoked.'));
  });
  return router;
}
