import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { reportSendJobs } from '../../../src/app/reportSchedules/sendJobs.js';
import { clockAt } from '../../../src/background/clock.js';
import { LeasedJobRunner } from '../../../src/background/leasedJobRunner.js';
import { reportWithRuns } from '../../api/shareLinks/fixture.js';
import { seedTeam, type SeededTeam } from '../../api/support/seed.js';
import { startTestApi, type TestApi } from '../../api/support/testApi.js';
import { describeWithChromium } from '../../support/fixtureSites/chromium.js';

let smtp: SMTPServer;
let mails: ParsedMail[];
let api: TestApi;
let team: SeededTeam;
let reportId: string;

const schedules = () => `/v1/reports/brand/${reportId}/report-schedules`;

/** A send worker on the test's stores and clock, as one process runs it; `owner` names the process. */
function sendWorker(owner: string): LeasedJobRunner {
  const clock = clockAt(() => api.clock.now);
  const mailer = api.services.mailer;
  if (!mailer) throw new Error('SMTP_URL is set, so the services have a mailer');
  return new LeasedJobRunner(api.context.documentStore, [reportSendJobs({ services: api.services, mailer, clock })], { owner, logger: pino({ level: 'silent' }), clock });
}

beforeAll(async () => {
  mails = [];
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
  api = await startTestApi({ environment: { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` } });
  team = await seedTeam(api);
  ({ reportId } = await reportWithRuns(api, team, 'Acme'));
}, 120_000);
afterAll(async () => {
  await api?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describeWithChromium()('scheduled report e-mails', () => {
  test('recipients are 1 to 20 e-mail addresses', async () => {
    const many = Array.from({ length: 21 }, (_, index) => `r${index}@example.com`);
    for (const recipients of [[], many, ['not an address']]) {
      expect((await api.call('POST', schedules(), { key: team.writeKey, body: { cadence: 'weekly', recipients } })).status).toBe(400);
    }
  });

  test('a weekly schedule sends the PDF and a 30-day link on Monday at 07:00, once across two processes and a restart; a missed send goes out once, late', async () => {
    const created = await api.call<{ id: string; nextSendAt: string }>('POST', schedules(), { key: team.writeKey, body: { cadence: 'weekly', recipients: ['ana@example.com', 'ben@example.com'], days: 7 } });
    expect(created).toMatchObject({ status: 201, body: { nextSendAt: '2026-11-16T07:00:00.000Z' } });
    await sendWorker('before').drain();
    expect(mails).toHaveLength(0);

    api.clock.now = new Date('2026-11-16T07:02:00Z');
    await Promise.all([sendWorker('one').drain(), sendWorker('two').drain()]);
    await api.settle();
    await sendWorker('restarted').drain();
    expect(mails.map((mail) => (mail.to as { text: string }).text).sort()).toEqual(['ana@example.com', 'ben@example.com']);
    const [first] = mails;
    expect(first?.subject).toBe('Weekly report: Acme');
    expect(first?.attachments.map(({ contentType, filename }) => ({ contentType, filename }))).toEqual([{ contentType: 'application/pdf', filename: 'acme-2026-11-16.pdf' }]);
    expect(first?.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first?.text).toContain('2026-11-10 to 2026-11-16');
    expect(first?.text).not.toContain('sent late');
    const shareUrl = /http:\/\/\S+\/share\/gls_[A-Za-z0-9_-]+/.exec(first?.text ?? '')?.[0] ?? '';
    expect(first?.text).toContain('until 2026-12-16');
    expect((await api.call('GET', new URL(shareUrl).pathname)).status).toBe(200);

    mails = [];
    api.clock.now = new Date('2026-11-30T12:00:00Z');
    await sendWorker('after downtime').drain();
    await api.settle();
    await sendWorker('after downtime, restarted').drain();
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe('(late) Weekly report: Acme');
    expect(mails[0]?.text).toContain('was due at 2026-11-30 07:00 UTC and is sent late');
    const listed = await api.call<{ items: Array<{ sends: Array<{ dueAt: string; late: boolean; status: string }> }> }>('GET', schedules(), { key: team.readKey });
    expect(listed.body.items[0]?.sends.map(({ dueAt, late, status }) => ({ dueAt, late, status }))).toEqual([
      { dueAt: '2026-11-16T07:00:00.000Z', late: false, status: 'sent' },
      { dueAt: '2026-11-30T07:00:00.000Z', late: true, status: 'sent' },
    ]);
    expect((await api.call('DELETE', `${schedules()}/${created.body.id}`, { key: team.writeKey })).status).toBe(204);
  }, 120_000);
});
