import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';

export interface HealthReport {
  status: 'ok';
  version: string;
  stores: { events: string; readModels: string };
  projections: Array<{ name: string; version: number; state: string; lag: string }>;
}

export interface ApiDependencies {
  logger: Logger;
  health: () => Promise<HealthReport>;
}

/** The HTTP edge. Routes stay thin: they validate, call the application layer and shape the answer. */
export function createApiApp(dependencies: ApiDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    pinoHttp({
      logger: dependencies.logger,
      genReqId: (request, response) => {
        const requestId = randomUUID();
        response.setHeader('x-request-id', requestId);
        return requestId;
      },
    }),
  );
  app.get('/v1/health', async (_request, response) => {
    response.json(await dependencies.health());
  });
  return app;
}
