import { processOwner } from './background/processOwner.js';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createApiApp } from './api/app.js';
import { createAuthorizer } from './api/auth/authorize.js';
import { dashboard } from './api/dashboard/index.js';
import { UsageCounters } from './app/accounts/quota.js';
import { clockStartingAt, systemClock, type Clock } from './background/clock.js';
import { LeasedJobRunner, type JobKind, type JobRunnerOptions } from './background/leasedJobRunner.js';
import { createAuditJobRunner, type AuditWorker, type AuditWorkerPorts } from './app/audits/worker.js';
import { DEFAULT_ENGINE_LIMIT, DEFAULT_LIMITS, RunScheduler } from './app/scheduler/scheduler.js';
import type { EngineLimit } from './app/scheduler/limits.js';
import { directoryPrompts } from './app/scheduler/promptSources.js';
import { ProcessRunner, type ProcessRunnerOptions } from './app/processes/processRunner.js';
import { workspaceProcess } from './app/processes/workspaceProcess.js';
import { alertsProcess } from './app/alerts/process.js';
import { webhookDeliveryJobs } from './app/webhooks/deliveryJobs.js';
import { webhookProcess } from './app/webhooks/process.js';
import { recalculationNoticeJobs } from './app/webhooks/recalculationNotices.js';
import { emailAlertProcess } from './app/email/alertProcess.js';
import { weeklyDigestJobs } from './app/email/digestJobs.js';
import { reportSendJobs } from './app/reportSchedules/sendJobs.js';
import { createSmtpMailer } from './infra/mail/smtpMailer.js';
import { SignInThrottle } from './app/signIn/throttle.js';
import type { FirstAdminSetup } from './app/setup/firstAdmin.js';
import { DashboardSessions } from './app/sessions/sessions.js';
import type { AppContext } from './app/shared/context.js';
import { ResponseCache } from './app/shared/responseCache.js';
import type { CredentialLookups, ReportDetails, Services } from './app/shared/services.js';
import type { HealthReport } from './app/shared/health.js';
import type { Config } from './config.js';
import type { Position } from './ports/eventStore.js';
import type { EngineId } from './domain/shared/engines.js';
import { createEngines, describeEngines } from './engines/index.js';
import { createFanOutSources } from './engines/fanOut/index.js';
import { createChromiumRenderer, createReportPrinter, launchRendererBrowser, locateChromium } from './infra/browser/index.js';
import { createDocumentStore, createUsageStore } from './infra/documentStore/index.js';
import { createEventStore } from './infra/eventStore/index.js';
import { describeStores } from './infra/stores.js';
import { createSessionStores } from './infra/sessions/index.js';
import { createSafeFetcher, createWebhookSender } from './infra/http/index.js';
import { accessTokenPrincipal, createOAuth } from './mcp/auth/index.js';
import { mcpRouter } from './mcp/server.js';
import { projectionsWith } from './projections/index.js';
import { createWorkerAnalyst } from './projections/reportHistory/analysis/workerAnalyst.js';
import { ReportRebuilder, type RebuilderOptions } from './projections/reportHistory/rebuilder.js';
import { ProjectionRunner, type ProjectionRunnerOptions } from './projections/runner/projectionRunner.js';
import { ReadModels } from './projections/runner/readModels.js';
import { CredentialsInMemory } from './projections/directory/credentialsInMemory.js';
import { ReportsInMemory } from './projections/brandReports/reportsInMemory.js';
import { DIRECTORY_COLLECTIONS, type ApiKeyDoc, type TeamDoc } from './projections/directory/documents.js';
import { directoryProjection } from './projections/directory/projection.js';

export const VERSION = '0.1.0';

/** What a caller may replace: tests and benchmarks control time. */
export interface CompositionOverrides {
  clock?: Clock;
}

/**
 * The composition root: the one place that turns configuration into adapters and wires the objects the
 * service, the CLI, the tests and the benchmarks run.
 */
export interface Composition {
  config: Config;
  context: AppContext;
  readModels: ReadModels;
  storeKinds: { events: string; readModels: string };
  createProjectionRunner(options?: Partial<ProjectionRunnerOptions>): ProjectionRunner;
  /** `owner` names this process in rebuild leases. */
  createRebuilder(owner: string, options?: Partial<RebuilderOptions>): ReportRebuilder;
  /** `runner`: the read models' runner, whose prompts a new report's first runs wait for. */
  createScheduler(runner?: ProjectionRunner): RunScheduler;
  /**
   * The GEO audit and fan-out worker: fetches through the SSRF guard (AUDIT_ALLOW_PRIVATE_NETWORKS), renders in
   * one Chromium launched at the first content check, and asks the engines whose keys are configured.
   */
  createAuditWorker(options?: AuditWorkerOptions): AuditWorker;
  /** The webhook worker: due delivery attempts, sent through the SSRF guard, and recalculation notices, as leased jobs. */
  createWebhookWorker(options?: Partial<Omit<JobRunnerOptions, 'logger'>>): LeasedJobRunner;
  /** Scheduled report e-mails as leased jobs, with `services` (they print and make share links); null when e-mail is off. */
  createReportSendWorker(services: Services, options?: Partial<Omit<JobRunnerOptions, 'logger'>>): LeasedJobRunner | null;
  /** The process managers (workspace writes' follow-ups, alerts, webhooks, alert e-mails), reacting to the log with `services`. */
  createProcessRunner(services: Services, options?: Partial<ProcessRunnerOptions>): ProcessRunner;
  /**
   * Services whose writes wait for `runner` before answering (read-your-writes). A CLI command has no runner of
   * its own: `'on-demand'` starts one the first time a write must be read back, and `close()` stops it.
   */
  createServices(runner: ProjectionRunner | 'on-demand'): Services;
  /** The HTTP edge: REST with API keys and quota, the OAuth server and MCP behind it; `baseUrl` replaces BASE_URL (tests on ephemeral ports). */
  createHttpApp(services: Services, options?: { validateResponses?: boolean; baseUrl?: string; setup?: FirstAdminSetup | null }): Express;
  close(): Promise<void>;
}

/** Tests and benchmarks tune leases and polling; a test may stand in for the engines' fan-out sources. */
export type AuditWorkerOptions = Partial<Omit<JobRunnerOptions, 'logger'>> & Partial<Pick<AuditWorkerPorts, 'fanOutSources'>>;

/** The simulator costs nothing and limits nobody: only real providers are paced. */
const SIMULATOR_LIMIT: EngineLimit = { concurrency: DEFAULT_LIMITS.concurrency, minIntervalMs: 0 };

/** The dashboard's build output (`npm run build:web`), beside src/ in the repository. */
const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

export { processOwner };

export async function compose(config: Config, logger: Logger, overrides: CompositionOverrides = {}): Promise<Composition> {
  const eventStore = await createEventStore(config);
  const documentStore = await createDocumentStore(config);
  // The one clock: every service, runner and worker of this composition tells time by it.
  const clock = overrides.clock ?? (config.clockStart ? clockStartingAt(config.clockStart) : systemClock);
  const context: AppContext = { eventStore, documentStore, logger, clock };
  const readModels = new ReadModels(documentStore);
  const usageStore = await createUsageStore(config, documentStore);
  const usageCounters = new UsageCounters(usageStore);
  const sessionStores = await createSessionStores(config, documentStore);
  // One throttle for the OAuth page and the dashboard's sign-in.
  const signInThrottle = new SignInThrottle(sessionStores.signInFailures, clock);
  const storeKinds = describeStores(config);
  const engines = describeEngines(config.engineKeys);
  const responseCache = new ResponseCache();
  const webhookSender = createWebhookSender({ allowPrivateNetworks: config.auditAllowPrivateNetworks });
  const mailer = config.smtpUrl === undefined ? null : createSmtpMailer(config.smtpUrl);
  // One per process, launched at the first PDF: at most two pages print at once.
  const reportPrinter = createReportPrinter(() => launchRendererBrowser(config.chromiumPath));

  let onDemandRunner: Promise<ProjectionRunner> | null = null;
  // Started by the first request that reads them; a failed start is tried again by the next one.
  const credentialsInMemory = new CredentialsInMemory(eventStore, logger, { clock });
  const inMemory: CredentialLookups = {
    async apiKey(keyHash) {
      await credentialsInMemory.ready();
      return credentialsInMemory.apiKey(keyHash);
    },
    async team(teamId) {
      await credentialsInMemory.ready();
      return credentialsInMemory.team(teamId);
    },
  };
  const reportsInMemory = new ReportsInMemory(eventStore, logger, { clock });
  const reportDetails: ReportDetails = {
    async detail(reportId) {
      await reportsInMemory.ready();
      return reportsInMemory.detail(reportId);
    },
  };
  const fromReadModels: CredentialLookups = {
    apiKey: async (keyHash) => (await readModels.collection<ApiKeyDoc>(directoryProjection, DIRECTORY_COLLECTIONS.apiKeys)).findOne({ _id: keyHash }),
    team: async (teamId) => (await readModels.collection<TeamDoc>(directoryProjection, DIRECTORY_COLLECTIONS.teams)).findOne({ _id: teamId }),
  };
  // Answers are measured on worker threads: a live catch-up or a replay spreads its analysis over the cores.
  const analyst = createWorkerAnalyst();
  const projections = projectionsWith(analyst, clock);
  const startedRunner = async () => {
    const runner = new ProjectionRunner(eventStore, documentStore, projections, { logger, clock });
    await runner.start();
    return runner;
  };
  const browser = () => locateChromium(config.chromiumPath);
  const health = (runner: ProjectionRunner | null) => async (): Promise<HealthReport> => ({
    status: 'ok',
    version: VERSION,
    stores: storeKinds,
    browser: browser().state,
    projections: ((await runner?.status()) ?? []).map(({ name, version, state, lag }) => ({ name, version, state, lag })),
  });

  return {
    config,
    context,
    readModels,
    storeKinds,
    createProjectionRunner: (options = {}) => new ProjectionRunner(eventStore, documentStore, projections, { logger, clock, ...options }),
    createRebuilder: (owner, options = {}) =>
      new ReportRebuilder(eventStore, documentStore, { owner, logger, clock, analyst, ...options }),
    createScheduler(runner) {
      const adapters = createEngines(config.engineKeys);
      const engineLimits: Partial<Record<EngineId, EngineLimit>> = {};
      for (const [engine, adapter] of Object.entries(adapters) as Array<[EngineId, (typeof adapters)[EngineId]]>) {
        engineLimits[engine] = adapter.kind === 'simulator' ? SIMULATOR_LIMIT : DEFAULT_ENGINE_LIMIT;
      }
      return new RunScheduler({ context, engines: adapters, prompts: directoryPrompts(readModels), owner: processOwner('scheduler'), engineLimits, ...(runner && { promptsAt: (position: Position) => runner.waitFor(position) }) });
    },
    createAuditWorker({ fanOutSources, ...options } = {}) {
      const fetcher = createSafeFetcher({ allowPrivateNetworks: config.auditAllowPrivateNetworks });
      const renderer = createChromiumRenderer({ fetcher, launch: () => launchRendererBrowser(config.chromiumPath) });
      const ports = { fetcher, renderer, fanOutSources: fanOutSources ?? createFanOutSources(config.engineKeys) };
      const runner = createAuditJobRunner({ context, readModels }, ports, { owner: processOwner('audits'), logger, clock, ...options });
      return {
        start: () => runner.start(),
        drain: (selection) => runner.drain(selection),
        async stop() {
          // At once: the jobs under way see their claim aborted, and renders fail as the browser closes (killed if it
          // does not), so no page kept busy by its scripts holds the stop; those checks stay pending for the next claim.
          await Promise.all([runner.stop(), renderer.close()]);
        },
      };
    },
    createWebhookWorker(options = {}) {
      const jobClock = options.clock ?? clock;
      const kinds: JobKind[] = [webhookDeliveryJobs({ context, readModels, sender: webhookSender, clock: jobClock, baseUrl: config.baseUrl }), recalculationNoticeJobs({ context, readModels, clock: jobClock })];
      if (mailer) kinds.push(weeklyDigestJobs({ context, readModels, mailer, clock: jobClock, baseUrl: config.baseUrl }));
      return new LeasedJobRunner(documentStore, kinds, { owner: processOwner('webhooks'), logger, ...options, clock: jobClock });
    },
    createReportSendWorker(services, options = {}) {
      if (!mailer) return null;
      const jobClock = options.clock ?? clock;
      return new LeasedJobRunner(documentStore, [reportSendJobs({ services, mailer, clock: jobClock })], { owner: processOwner('reports'), logger, ...options, clock: jobClock });
    },
    createProcessRunner: (services, options = {}) =>
      new ProcessRunner(eventStore, documentStore, [workspaceProcess, alertsProcess, webhookProcess, ...(mailer ? [emailAlertProcess(mailer, config.baseUrl)] : [])], services, { logger, clock, ...options }),
    createServices(runner) {
      const caughtUp = async (position: Position) => {
        if (runner !== 'on-demand') {
          await Promise.all([
            runner.waitFor(position),
            credentialsInMemory.caughtUpTo(position),
            reportsInMemory.caughtUpTo(position),
          ]);
          return;
        }
        onDemandRunner ??= startedRunner();
        return (await onDemandRunner).waitFor(position);
      };
      return {
        ...context,
        readModels,
        engines,
        credentials: runner === 'on-demand' ? fromReadModels : inMemory,
        reportDetails: runner === 'on-demand' ? null : reportDetails,
        health: health(runner === 'on-demand' ? null : runner),
        browser,
        usageCount: (teamId, period, counter) => usageCounters.used(teamId, period, counter),
        responseCache,
        readYourWrites: (position) => (position === null ? Promise.resolve() : caughtUp(position)),
        webhookSender,
        mailer,
        baseUrl: config.baseUrl,
        reportPrinter,
      };
    },
    createHttpApp(services, options = {}) {
      const baseUrl = options.baseUrl ?? config.baseUrl;
      const oauth = createOAuth({ services, baseUrl, throttle: signInThrottle });
      const sessions = new DashboardSessions(services, sessionStores.sessions, signInThrottle);
      return createApiApp({
        logger,
        services,
        authorize: createAuthorizer(services, usageCounters, sessions),
        sessions,
        setup: options.setup ?? null,
        authorizationServer: oauth.router,
        mcp: mcpRouter({ services, counters: usageCounters, version: VERSION, bearerAuth: oauth.bearerAuth, principalOf: accessTokenPrincipal }),
        corsOrigins: config.corsOrigins,
        dashboard: dashboard(WEB_DIST),
        baseUrl,
        validateResponses: options.validateResponses ?? false,
      });
    },
    async close() {
      if (onDemandRunner) await (await onDemandRunner).stop();
      await reportPrinter.close();
      await analyst.close();
      mailer?.close();
      await credentialsInMemory.stop();
      await reportsInMemory.stop();
      await eventStore.close();
      if (usageStore !== documentStore) await usageStore.close();
      await sessionStores.close();
      await documentStore.close();
    },
  };
}
