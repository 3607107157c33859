import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const flag = z.enum(['0', '1']).default('0').transform((value) => value === '1');

/** Environment variables (docs/configuration.md); parsed once at start. */
export const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  EVENTSTORE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(esdb|kurrentdb|kurrent)(\+discover)?:\/\//, 'must start with esdb:// or kurrentdb://')
      .optional(),
  ),
  MONGODB_URL: optionalText.pipe(
    z.string().regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://').optional(),
  ),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\/[^/]/, 'must start with postgres:// or postgresql:// and name a server').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GEOLENS_DEMO: z.enum(['0', '1']).default('1').transform((value) => value === '1'),
  OPENAI_API_KEY: optionalText,
  ANTHROPIC_API_KEY: optionalText,
  GEMINI_API_KEY: optionalText,
  PERPLEXITY_API_KEY: optionalText,
  SERPAPI_API_KEY: optionalText,
  AUDIT_ALLOW_PRIVATE_NETWORKS: flag,
  GEOLENS_CLOCK_START: optionalText.pipe(z.iso.datetime({ offset: true }).optional()),
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\/[^/]/, 'must start with smtp:// or smtps:// and name a server').optional()),
  SERVE_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  CHROMIUM_PATH: optionalText.pipe(z.string().refine(path.isAbsolute, 'must be an absolute path to a Chromium or Chrome executable').optional()),
  CORS_ORIGINS: optionalText.transform((text, context): string[] | '*' => {
    if (text === undefined) return [];
    if (text === '*') return '*';
    const origins = text.split(',').map((origin) => origin.trim()).filter(Boolean);
    const origin = (candidate: string) => (URL.canParse(candidate) ? new URL(candidate) : null);
    const invalid = origins.find((candidate) => !/^https?:$/.test(origin(candidate)?.protocol ?? ''));
    if (invalid === undefined) return origins.map((candidate) => (origin(candidate) as URL).origin);
    context.addIssue({ code: 'custom', message: `"${invalid}" is not an http(s) origin; expected * or comma-separated origins` });
    return z.NEVER;
  }),
});

export interface Config {
  port: number;
  host: string;
  baseUrl: string;
  /** False when BASE_URL is unset: `serve` then names itself after the port it actually listens on (PORT=0 picks one). */
  baseUrlSet: boolean;
  dataDir: string;
  eventStoreUrl: string | undefined;
  mongodbUrl: string | undefined;
  /** PostgreSQL for the event store and the read models. */
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  demo: boolean;
  engineKeys: {
    openai: string | undefined;
    anthropic: string | undefined;
    gemini: string | undefined;
    perplexity: string | undefined;
    serpapi: string | undefined;
  };
  auditAllowPrivateNetworks: boolean;
  /** Browser origins allowed to call `/v1`; `'*'` any; empty: no CORS headers at all. */
  corsOrigins: readonly string[] | '*';
  /** Processes `serve` runs on the one port and data dir (node:cluster); 1: no cluster. */
  serveWorkers: number;
  /** The browser content checks render with; undefined: the first of the usual install paths that exists. */
  chromiumPath: string | undefined;
  /** Where alert e-mails and digests go; undefined: no e-mail. */
  smtpUrl: string | undefined;
  /**
   * The instant this process's clock starts from, then running at real speed; undefined: the system clock. For
   * tests and reproductions whose processes must agree on the day (an `events import` beside a server at a set time).
   */
  clockStart: Date | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming the variable and the problem. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${variable}: ${issue?.message ?? 'invalid value'}`);
  }
  const env = parsed.data;
  if (env.DATABASE_URL && (env.EVENTSTORE_URL || env.MONGODB_URL)) {
    throw new ConfigError('Invalid configuration: DATABASE_URL: may be combined with neither EVENTSTORE_URL nor MONGODB_URL');
  }
  return {
    port: env.PORT,
    host: env.HOST,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    baseUrlSet: env.BASE_URL !== undefined,
    dataDir: path.resolve(env.DATA_DIR),
    eventStoreUrl: env.EVENTSTORE_URL,
    mongodbUrl: env.MONGODB_URL,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    demo: env.GEOLENS_DEMO,
    engineKeys: {
      openai: env.OPENAI_API_KEY,
      anthropic: env.ANTHROPIC_API_KEY,
      gemini: env.GEMINI_API_KEY,
      perplexity: env.PERPLEXITY_API_KEY,
      serpapi: env.SERPAPI_API_KEY,
    },
    auditAllowPrivateNetworks: env.AUDIT_ALLOW_PRIVATE_NETWORKS,
    corsOrigins: env.CORS_ORIGINS,
    serveWorkers: env.SERVE_WORKERS,
    chromiumPath: env.CHROMIUM_PATH,
    smtpUrl: env.SMTP_URL,
    clockStart: env.GEOLENS_CLOCK_START === undefined ? undefined : new Date(env.GEOLENS_CLOCK_START),
  };
}
