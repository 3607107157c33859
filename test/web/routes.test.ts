import { describe, expect, test } from '@jest/globals';
import { firstReads } from '../../web/src/api/prefetch.js';
import { pathOf, screenOf, type Screen } from '../../web/src/lib/routes.js';
import { CLIENT_ROUTE } from '../../src/api/dashboard/clientRoutes.js';

describe('the dashboard’s paths', () => {
  test.each<[string, Screen]>([
    ['/', { name: 'reports' }],
    ['/reports', { name: 'reports' }],
    ['/sign-in', { name: 'signIn' }],
    ['/setup', { name: 'setup' }],
    ['/setup/x', { name: 'notFound' }],
    ['/reports/br_1', { name: 'overview', reportId: 'br_1' }],
    ['/reports/br_1/prompts', { name: 'prompts', reportId: 'br_1' }],
    ['/reports/br_1/prompts/pr_2', { name: 'prompt', reportId: 'br_1', promptId: 'pr_2' }],
    ['/reports/br_1/citations', { name: 'citations', reportId: 'br_1' }],
    ['/reports/br_1/recommendations', { name: 'recommendations', reportId: 'br_1' }],
    ['/reports/br_1/detection', { name: 'detection', reportId: 'br_1' }],
    ['/reports/br_1/nothing', { name: 'notFound' }],
    ['/reports/br_1/citations/x', { name: 'notFound' }],
    ['/elsewhere', { name: 'notFound' }],
    ['/audits', { name: 'audits' }],
    ['/audits/crawlability/cr_1', { name: 'crawlabilityCheck', checkId: 'cr_1' }],
    ['/audits/content/cc_1', { name: 'contentCheck', checkId: 'cc_1' }],
    ['/audits/content', { name: 'notFound' }],
    ['/audits/other/cc_1', { name: 'notFound' }],
    ['/audits/content/cc_1/x', { name: 'notFound' }],
    ['/fan-outs', { name: 'fanOuts' }],
    ['/fan-outs/qf_1', { name: 'fanOut', fanOutId: 'qf_1' }],
    ['/fan-outs/qf_1/x', { name: 'notFound' }],
    ['/admin/workspace', { name: 'workspaceAdmin' }],
    ['/admin/team', { name: 'teamAdmin' }],
    ['/admin', { name: 'notFound' }],
    ['/admin/constructor', { name: 'notFound' }],
    ['/admin/team/x', { name: 'notFound' }],
    ['/reports/br_1/alerts', { name: 'alerts', reportId: 'br_1' }],
    ['/admin/webhooks', { name: 'webhooks' }],
    ['/admin/webhooks/wh_1', { name: 'webhookDeliveries', webhookId: 'wh_1' }],
    ['/admin/webhooks/wh_1/x', { name: 'notFound' }],
  ])('%s is %p', (path, screen) => {
    expect(screenOf(path)).toEqual(screen);
  });

  test('every screen’s path reads back as that screen', () => {
    const screens: Screen[] = [
      { name: 'reports' },
      { name: 'signIn' },
      { name: 'overview', reportId: 'br 1' },
      { name: 'prompts', reportId: 'br_1' },
      { name: 'prompt', reportId: 'br_1', promptId: 'pr/2' },
      { name: 'citations', reportId: 'br_1' },
      { name: 'recommendations', reportId: 'br_1' },
      { name: 'detection', reportId: 'br_1' },
      { name: 'audits' },
      { name: 'crawlabilityCheck', checkId: 'cr 1' },
      { name: 'contentCheck', checkId: 'cc/1' },
      { name: 'fanOuts' },
      { name: 'workspaceAdmin' },
      { name: 'teamAdmin' },
      { name: 'fanOut', fanOutId: 'qf 1' },
      { name: 'alerts', reportId: 'br 1' },
      { name: 'webhooks' },
      { name: 'webhookDeliveries', webhookId: 'wh/1' },
    ];
    for (const screen of screens) expect(screenOf(pathOf(screen))).toEqual(screen);
  });
});

/** One screen of each kind the app knows: a new kind fails to compile here until it is added. */
const ONE_OF_EACH: { [Name in Exclude<Screen['name'], 'notFound'>]: Extract<Screen, { name: Name }> } = {
  signIn: { name: 'signIn' },
  setup: { name: 'setup' },
  reports: { name: 'reports' },
  overview: { name: 'overview', reportId: 'br_1' },
  prompts: { name: 'prompts', reportId: 'br_1' },
  prompt: { name: 'prompt', reportId: 'br_1', promptId: 'pr 2' },
  citations: { name: 'citations', reportId: 'br_1' },
  recommendations: { name: 'recommendations', reportId: 'br_1' },
  detection: { name: 'detection', reportId: 'br_1' },
  agents: { name: 'agents', reportId: 'br_1' },
  alerts: { name: 'alerts', reportId: 'br_1' },
  audits: { name: 'audits' },
  crawlabilityCheck: { name: 'crawlabilityCheck', checkId: 'cr/1' },
  contentCheck: { name: 'contentCheck', checkId: 'cc_1' },
  fanOuts: { name: 'fanOuts' },
  fanOut: { name: 'fanOut', fanOutId: 'qf_1' },
  workspaceAdmin: { name: 'workspaceAdmin' },
  teamAdmin: { name: 'teamAdmin' },
  webhooks: { name: 'webhooks' },
  webhookDeliveries: { name: 'webhookDeliveries', webhookId: 'wh_1' },
};

describe('the addresses the server answers with the page', () => {
  test.each(Object.values(ONE_OF_EACH).map((screen) => [pathOf(screen), screen] as const))('%s, the path of a %o screen, is one of them', (path) => {
    expect(CLIENT_ROUTE.test(path)).toBe(true);
  });

  test('paths the app does not know are not: they stay the API\'s 404', () => {
    for (const path of ['/v1/reports', '/reports/br_1/unknown', '/admin/keys', '/audits/other/x', '/fan-outs/a/b', '/mcp']) {
      expect(screenOf(path)).toEqual({ name: 'notFound' });
      expect(CLIENT_ROUTE.test(path)).toBe(false);
    }
  });
});

describe('the reads started with the session check', () => {
  test('an overview whose URL names the country reads the report and both periods’ stats at once', () => {
    expect(firstReads('/reports/br_1', new URLSearchParams('startDate=2026-11-01&endDate=2026-11-30&country=uk'), '2026-12-01')).toEqual([
      '/v1/reports/brand/br_1',
      '/v1/reports/brand/br_1/stats?startDate=2026-11-01&endDate=2026-11-30&country=uk',
      '/v1/reports/brand/br_1/stats?startDate=2026-10-02&endDate=2026-10-31&country=uk',
    ]);
  });

  test('without a country only the report, whose main country the stats need; no report screen, nothing', () => {
    expect(firstReads('/reports/br_1/prompts', new URLSearchParams('country=us'), '2026-12-01')).toEqual(['/v1/reports/brand/br_1']);
    expect(firstReads('/reports/br_1', new URLSearchParams(''), '2026-12-01')).toEqual(['/v1/reports/brand/br_1']);
    expect(firstReads('/reports', new URLSearchParams(''), '2026-12-01')).toEqual([]);
  });
});
