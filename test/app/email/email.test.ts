import { afterEach, beforeEach, expect, test } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { clockAt, type Clock } from '../../../src/background/clock.js';
import { LeasedJobRunner } from '../../../src/background/leasedJobRunner.js';
import { weeklyDigestJobs } from '../../../src/app/email/digestJobs.js';
import { importRuns } from '../../../src/app/runs/import.js';
import { coverageRuns } from '../../api/alerts/runs.js';
import { seedPrompts, seedReport, seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { raiseAlert } from '../webhooks/support/receiver.js';

let smtp: SMTPServer;
/** The weekly digest jobs on the test API's clock, run on demand with `drain()`. */
function digestWorker(): LeasedJobRunner {
  const clock: Clock = clockAt(() => api.clock.now);
  const mailer = api.services.mailer;
  if (!mailer) throw new Error('SMTP_URL is set, so the services have a mailer');
  const kind = weeklyDigestJobs({ context: api.context, readModels: api.services.readModels, mailer, clock, baseUrl: api.url });
  return new LeasedJobRunner(api.context.documentStore, [kind], { owner: 'test', logger: pino({ level: 'silent' }), clock });
}

let mails: ParsedMail[];
let api: TestApi;
let team: SeededTeam;
let reportId: string;

/** A local SMTP server that parses every message it receives. */
async function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        mails.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  return (smtp.server.address() as AddressInfo).port;
}

beforeEach(async () => {
  mails = [];
  const port = await startSmtp();
  api = await startTestApi({ environment: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  team = await seedTeam(api);
  reportId = await seedReport(api, team.workspaceId, { brand: 'Nimbus' });
});
afterEach(async () => {
  await api.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const subscribe = (body: unknown) => api.call<{ id: string }>('POST', `/v1/reports/brand/${reportId}/email-subscriptions`, { key: team.writeKey, body });

/** The path and query of the unsubscribe link in a plain-text e-mail. */
function unsubscribePath(mail: ParsedMail): string {
  const link = /Unsubscribe: (\S+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`no unsubscribe link in ${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function waitForMails(count: number): Promise<void> {
  for (let waited = 0; mails.length < count && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
}

test('an alert e-mail reaches the subscriber as HTML and plain text with its p-value; its unsubscribe link works without a key', async () => {
  expect((await subscribe({ email: 'ana@example.com', digest: false })).status).toBe(201);
  await raiseAlert(api.context.eventStore, reportId, '2026-11-14');
  await api.settle();
  await waitForMails(1);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail?.to).toMatchObject({ text: 'ana@example.com' });
  expect(mail?.subject).toBe('[geolens] Nimbus: Coverage fell from 60 % to 30 %');
  expect(mail?.text).toContain('2026-11-14 Coverage fell from 60 % to 30 % (p = 0.0010, significant)');
  expect(mail?.html).toContain('<h1>Nimbus</h1>');
  expect(JSON.stringify(mail?.headers.get('list'))).toContain('/v1/email/unsubscribe?token=');

  const path = unsubscribePath(mail as ParsedMail);
  expect((await api.call('GET', path)).status).toBe(200);
  expect((await api.call('GET', path)).status).toBe(200);
  expect((await api.call<{ items: unknown[] }>('GET', `/v1/reports/brand/${reportId}/email-subscriptions`, { key: team.readKey })).body.items).toEqual([]);
  await raiseAlert(api.context.eventStore, reportId, '2026-11-15');
  await api.settle();
  expect(mails).toHaveLength(1);
});

test('a forged or altered unsubscribe token is a 400, and changes nothing', async () => {
  const { id } = (await subscribe({ email: 'ana@example.com' })).body;
  const forged = `${Buffer.from(id).toString('base64url')}.${Buffer.alloc(32).toString('base64url')}`;
  const refused = await api.call<{ message: string }>('GET', `/v1/email/unsubscribe?token=${forged}`);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toContain('token');
  expect((await api.call<{ items: unknown[] }>('GET', `/v1/reports/brand/${reportId}/email-subscriptions`, { key: team.readKey })).body.items).toHaveLength(1);
});

test('the weekly digest goes out a week after subscribing, with the week\'s alerts, as HTML and plain text, once', async () => {
  await subscribe({ email: 'bo@example.com', alerts: false });
  await raiseAlert(api.context.eventStore, reportId, '2026-11-16');
  await api.settle();
  const worker = digestWorker();
  await worker.drain();
  expect(mails).toHaveLength(0);

  api.clock.now = new Date(api.clock.now.getTime() + 7 * 24 * 60 * 60 * 1000);
  await worker.drain();
  await api.settle();
  await worker.drain();
  expect(mails).toHaveLength(1);
  const [digest] = mails;
  expect(digest?.subject).toBe('[geolens] Weekly digest: Nimbus');
  expect(digest?.text).toContain('Nimbus: the week of 2026-11-15 to 2026-11-22');
  expect(digest?.text).toContain('No runs were recorded from 2026-11-15 to 2026-11-21.');
  expect(digest?.text).toContain('1 new alert:\n- 2026-11-16 Coverage fell from 60 % to 30 % (p = 0.0010, significant)');
  expect(digest?.html).toContain('<li>2026-11-16 Coverage fell from 60 % to 30 % (p = 0.0010, significant)</li>');
  await api.settle();
  await worker.drain();
  expect(mails).toHaveLength(1);
  expect((await api.call('GET', unsubscribePath(digest as ParsedMail))).status).toBe(200);
});

interface StatsSummary {
  summary: { runs: number; mentionedRuns: number; brandCoverage: number; shareOfVoice: number; averagePosition: number | null; mentions: number };
}

test('the digest\'s summary cards show the week against the week before, each figure equal to /stats of the same days, with the coverage change\'s significance', async () => {
  const promptIds = await seedPrompts(api, team.workspaceId, [{ country: 'us' }, { country: 'us' }]);
  const acme = await seedReport(api, team.workspaceId, { brand: 'Acme', promptIds });
  await api.settle();
  await api.rebuild();
  expect((await api.call('POST', `/v1/reports/brand/${acme}/email-subscriptions`, { key: team.writeKey, body: { email: 'cy@example.com', alerts: false } })).status).toBe(201);
  api.clock.now = new Date('2026-11-22T10:00:00.000Z');
  await importRuns(api.context, coverageRuns('acme', promptIds, 'Acme', [
    { from: '2026-11-08', days: 7, perDay: 10, mentioned: 6 },
    { from: '2026-11-15', days: 7, perDay: 10, mentioned: 3 },
  ]));
  await api.settle();
  await digestWorker().drain();
  expect(mails).toHaveLength(1);
  const text = mails[0]?.text ?? '';
  const stats = async (from: string, to: string) =>
    (await api.call<StatsSummary>('GET', `/v1/reports/brand/${acme}/stats?startDate=${from}&endDate=${to}&country=us`, { key: team.readKey })).body.summary;
  const current = await stats('2026-11-15', '2026-11-21');
  const previous = await stats('2026-11-08', '2026-11-14');
  expect([current.runs, current.mentionedRuns, previous.runs, previous.mentionedRuns]).toEqual([70, 21, 70, 42]);
  const coverage = (week: StatsSummary['summary']) => `${week.brandCoverage.toFixed(1)} % (${week.mentionedRuns} of ${week.runs} runs)`;
  expect(text).toContain('From 2026-11-15 to 2026-11-21, against 2026-11-08 to 2026-11-14:');
  // 21 of 70 against 42 of 70: pooled 0.45, z = -0.3 / sqrt(0.45 × 0.55 × 2/70) = -3.5675, p = 0.00036
  expect(text).toContain(`- Coverage: ${coverage(current)}, was ${coverage(previous)} (−30.0 points, p = 0.0004, significant)`);
  expect(text).toContain(`- Share of voice: ${current.shareOfVoice.toFixed(1)} %, was ${previous.shareOfVoice.toFixed(1)} % (±0.0 points)`);
  expect(text).toContain(`- Average position: ${current.averagePosition?.toFixed(1)}, was ${previous.averagePosition?.toFixed(1)}`);
  expect(text).toContain(`- Mentions: ${current.mentions}, was ${previous.mentions}`);
  expect(mails[0]?.html).toContain(`<th scope="row">Coverage</th><td>${coverage(current)}</td><td>${coverage(previous)}</td>`);
});

test('without SMTP_URL, subscribing answers 503 naming the variable', async () => {
  const plain = await startTestApi();
  try {
    const plainTeam = await seedTeam(plain);
    const plainReport = await seedReport(plain, plainTeam.workspaceId);
    const refused = await plain.call<{ message: string }>('POST', `/v1/reports/brand/${plainReport}/email-subscriptions`, { key: plainTeam.writeKey, body: { email: 'ana@example.com' } });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toContain('SMTP_URL');
  } finally {
    await plain.close();
  }
});

test('a token checked before any e-mail was sent is a 400 and writes nothing, not even the signing key', async () => {
  const fresh = await startTestApi({ environment: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  try {
    const head = await fresh.context.eventStore.headPosition();
    const refused = await fresh.call<{ message: string }>('GET', `/v1/email/unsubscribe?token=${Buffer.from('es_x').toString('base64url')}.${Buffer.alloc(32).toString('base64url')}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('token');
    expect(await fresh.context.eventStore.headPosition()).toBe(head);
  } finally {
    await fresh.close();
  }
});
