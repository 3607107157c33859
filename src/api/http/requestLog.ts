import { randomUUID } from 'node:crypto';
import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'http' {
  interface IncomingMessage {
    /** The request id, also answered as `x-request-id`. */
    id: string;
    /** The service logger bound to this request's id (made on first use: most requests never log). */
    log: Logger;
  }
}

const CHILD = Symbol('request logger');

/**
 * One structured line per answered request (`request completed`, or `request aborted` when the client left
 * first): request id, method, URL, status and time. Headers are never logged, so neither are keys, tokens or
 * cookies; nor are bodies. Each request gets an id, answered as `x-request-id`, and `request.log` carries it.
 *
 * pino-http did this before and cost a child logger and a serialized request per request even with logging
 * off; here the child is made only when a handler logs, and the line is built only when its level is enabled.
 */
/** A share link's token is a credential carried in the path: the log shows where it was, never what it is. */
export const loggedUrl = (url: string): string => url.replace(/^\/share\/[^/?#]+/, '/share/[token]');

export function requestLog(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Express['request'] & { [CHILD]?: Logger }) {
      return (this[CHILD] ??= logger.child({ reqId: this.id }));
    },
  });
  return (request, response, next) => {
    const started = performance.now();
    const reqId = randomUUID();
    request.id = reqId;
    response.setHeader('x-request-id', reqId);
    response.once('close', () => {
      const completed = response.writableFinished;
      const level = !completed ? 'warn' : response.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId,
          req: { method: request.method, url: loggedUrl(request.originalUrl) },
          res: { statusCode: response.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        completed ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}
