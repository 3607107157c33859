/** What the soak's load process is told (bench/soak.ts to bench/soakLoad.ts), and what it answers. */
export interface SoakJob {
  url: string;
  minutes: number;
  reportId: string;
  workspaceId: string;
  promptIds: string[];
  citedUrls: string[];
  readKey: string;
  writeKey: string;
  mcpToken: string;
  user: { email: string; password: string };
  contentChecks: boolean;
}

export interface SoakTally {
  requests: number;
  /** Requests that got no answer (connection refused or reset). */
  errors: number;
  /** Answers by kind of request, then by status. */
  byKind: Record<string, Record<string, number>>;
}
