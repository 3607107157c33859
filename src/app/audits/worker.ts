import { AUDIT_JOBS } from './jobKinds.js';
import type { FanOutSources } from '../../engines/fanOut/index.js';
import { queryFanOutJobs } from './fanOuts/job.js';
import { contentCheckJobs, crawlabilityCheckJobs, type AuditPorts, type JobStores } from './checkJobs.js';
import { LeasedJobRunner, type JobRunnerOptions, type JobSelection } from '../../background/leasedJobRunner.js';

/** The kinds of job the audit worker runs, by the name a JobSelection gives. */
export { AUDIT_JOBS };

export interface AuditWorkerPorts extends AuditPorts {
  /** Engines that report their own searches; every other engine's fan-out is simulated. */
  fanOutSources: FanOutSources;
}

/** The background worker of GEO audits and query fan-outs (`serve`, or `geolens worker audits` alone). */
export interface AuditWorker {
  start(): void;
  /** Runs waiting jobs (only `selection`) in this process until none is left to claim. */
  drain(selection?: JobSelection): Promise<void>;
  /** Stops claiming and waits for the jobs running. */
  stop(): Promise<void>;
}

export function createAuditJobRunner(stores: JobStores, ports: AuditWorkerPorts, options: JobRunnerOptions): LeasedJobRunner {
  const kinds = [crawlabilityCheckJobs(stores, ports), contentCheckJobs(stores, ports), queryFanOutJobs(stores, ports.fanOutSources)];
  return new LeasedJobRunner(stores.context.documentStore, kinds, options);
}
