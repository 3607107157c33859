import type { Config } from '../config.js';
import type { DemoCredentials } from '../app/demo/seedDemo.js';
import { locateChromium } from '../infra/browser/index.js';
import { describeDatabaseUrl } from '../infra/postgres/connection.js';

/** What a newcomer needs after `npm start`: where to look and, on first start, the demo credentials. */
export function printBanner(config: Config, server: { url: string; baseUrl: string; demo: DemoCredentials | null; setupUrl: string | null }): void {
  const base = server.baseUrl;
  const lines = [
    '',
    `geolens is running at ${server.url} (public URL ${base})`,
    `  dashboard: open ${base}/ in a browser and sign in`,
    config.databaseUrl ? `  database: PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)}` : `  data directory: ${config.dataDir}`,
    `  health:  curl ${base}/v1/health`,
    `  browser: ${browserLine(config)}`,
  ];
  if (server.demo) {
    const { demo } = server;
    lines.push(
      '',
      'Demo data was seeded (shown once; only hashes are stored):',
      `  team ${demo.teamId}, workspace ${demo.workspaceId}, brand report ${demo.reportId}`,
      `  read key:  ${demo.readKey}`,
      `  write key: ${demo.writeKey}`,
      `  user:      ${demo.user.email} / ${demo.user.password}   (sign in to the dashboard with it)`,
      '',
      'Try:',
      `  curl -H "Authorization: Bearer ${demo.readKey}" ${base}/v1/reports/brand/${demo.reportId}`,
    );
  } else if (server.setupUrl) {
    lines.push('', 'This install has no users yet. Open this one-time URL to create the first admin (it works once):', `  setup: ${server.setupUrl}`);
  } else {
    lines.push('', 'Create credentials with: ./bin/geolens demo   (or ./bin/geolens key create --team <teamId> --permission read)');
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/** Content checks render in a browser: where it is, or why they answer 503 until one is installed. */
function browserLine(config: Config): string {
  const browser = locateChromium(config.chromiumPath);
  return browser.state === 'ready' ? `${browser.executablePath} (content checks)` : `unavailable, content checks answer 503. ${browser.reason}`;
}
