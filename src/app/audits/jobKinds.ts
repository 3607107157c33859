/** The job kinds of the audit worker: one per kind of audit. */
export const AUDIT_JOBS = { crawlabilityCheck: 'crawlabilityCheck', contentCheck: 'contentCheck', queryFanOut: 'queryFanOut' } as const;
