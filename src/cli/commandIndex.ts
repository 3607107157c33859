import type { Command } from 'commander';

/** The modules that define the commands; each is imported only when one of its commands runs. */
export type CommandModule = 'serve' | 'admin' | 'runs' | 'replay' | 'migrate' | 'logs' | 'audits' | 'events' | 'alerts';

/**
 * Every top-level command, its one-line description and the module defining it. `geolens --help` lists them from
 * here without importing any module; a command's own module gives its flags and subcommands.
 */
export const COMMANDS: Readonly<Record<string, { module: CommandModule; description: string }>> = {
  serve: { module: 'serve', description: 'Serve the REST API, MCP and the background workers' },
  team: { module: 'admin', description: 'Teams: plans and quotas' },
  workspace: { module: 'admin', description: 'Workspaces' },
  key: { module: 'admin', description: 'REST API keys' },
  user: { module: 'admin', description: 'Users (MCP sign-in)' },
  tag: { module: 'admin', description: 'Prompt tags' },
  prompt: { module: 'admin', description: 'Prompts' },
  report: { module: 'admin', description: 'Brand reports' },
  demo: { module: 'admin', description: 'Create a demo team with prompts, a report, keys and a user' },
  runs: { module: 'runs', description: 'AI response runs' },
  replay: { module: 'replay', description: "Rebuild a brand report's history from its recorded runs (after an analysis upgrade, for example)" },
  migrate: { module: 'migrate', description: 'Create or upgrade the PostgreSQL schema of DATABASE_URL, then exit' },
  logs: { module: 'logs', description: "Agent analytics: access logs of a report's site" },
  crawlers: { module: 'logs', description: 'The AI crawler catalog' },
  audit: { module: 'audits', description: 'GEO audits of a URL: crawlability by AI bots and AI readiness of its content' },
  fanout: { module: 'audits', description: 'Expand a query into the searches AI engines run behind it' },
  worker: { module: 'audits', description: 'Background workers, for deployments that run them apart from serve' },
  events: { module: 'events', description: 'The event log: move a deployment between stores' },
  watch: { module: 'alerts', description: "Watches: what a brand report's alerts look for" },
  alerts: { module: 'alerts', description: "List a brand report's alerts" },
};

/** The description of a top-level command, from the index. */
export const describeCommand = (name: string): string => COMMANDS[name]?.description ?? name;

/** Adds the top-level command `name` to `program`, described as the index says. */
export const topCommand = (program: Command, name: string): Command => program.command(name).description(describeCommand(name));

/**
 * The module whose commands `argv` (as `process.argv`) runs: its first word that is not a flag, or the word after
 * `help`; null for none (top-level help) or a word that names no command (commander then says so).
 */
export function moduleOf(argv: readonly string[]): CommandModule | null {
  const words = argv.slice(2).filter((word) => !word.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return (name !== undefined && COMMANDS[name]?.module) || null;
}
